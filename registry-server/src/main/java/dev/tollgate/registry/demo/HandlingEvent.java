package dev.tollgate.registry.demo;

import java.time.Instant;
import java.util.Comparator;
import org.jspecify.annotations.Nullable;

/** Something that happened to a cargo at a location; the handling history is ordered by time. */
record HandlingEvent(
    String id,
    String trackingId,
    Type type,
    Instant completionTime,
    Location location,
    @Nullable String voyageNumber) {

  /** Completion time, then id, so that the order (and so every keyset cursor) is total. */
  static final Comparator<HandlingEvent> ORDER =
      Comparator.comparing(HandlingEvent::completionTime).thenComparing(HandlingEvent::id);

  enum Type {
    RECEIVE,
    LOAD,
    UNLOAD,
    CUSTOMS,
    CLAIM
  }
}
