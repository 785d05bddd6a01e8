package dev.tollgate.registry.metrics;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One answered gateway request as the console's cost chart shows it.
 *
 * @param time when it was answered
 * @param cost its estimated cost (the sum for a batch), or {@code null} when it was refused before
 *     it was priced (an unknown id, bad input)
 * @param outcome {@code ok} or the refusal's code
 */
public record TrafficSample(Instant time, @Nullable Long cost, String outcome) {
  public TrafficSample {
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(outcome, "outcome");
  }
}
