package dev.tollgate.registry.metrics;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * The gateway's answers in one interval of {@code tollgate_requests_total}, sampled in process.
 *
 * @param ok requests answered {@code ok}
 * @param refusals the other outcomes by code, only those that moved, ordered by code
 */
public record RefusalInterval(Instant start, Instant end, long ok, Map<String, Long> refusals) {
  public RefusalInterval {
    if (end.isBefore(start)) {
      throw new IllegalArgumentException("interval ends before it starts: " + start + " " + end);
    }
    refusals = java.util.Collections.unmodifiableMap(new TreeMap<>(refusals));
  }
}
