package dev.tollgate.registry.demo;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Where a cargo stands, derived from its itinerary and its latest handling event. */
record Delivery(
    TransportStatus transportStatus,
    RoutingStatus routingStatus,
    boolean misdirected,
    @Nullable Location lastKnownLocation,
    @Nullable Instant eta) {

  enum TransportStatus {
    NOT_RECEIVED,
    IN_PORT,
    ONBOARD_CARRIER,
    CLAIMED,
    UNKNOWN
  }

  enum RoutingStatus {
    NOT_ROUTED,
    ROUTED,
    MISROUTED
  }

  static Delivery of(Cargo cargo, List<HandlingEvent> history) {
    RoutingStatus routing = cargo.routed() ? RoutingStatus.ROUTED : RoutingStatus.NOT_ROUTED;
    Instant eta = cargo.routed() ? cargo.legs().get(cargo.legs().size() - 1).unloadTime() : null;
    if (history.isEmpty()) {
      return new Delivery(TransportStatus.NOT_RECEIVED, routing, false, null, eta);
    }
    HandlingEvent last = history.get(history.size() - 1);
    boolean misdirected = cargo.routed() && !cargo.onItinerary(last.location());
    return new Delivery(transportStatus(last.type()), routing, misdirected, last.location(), eta);
  }

  private static TransportStatus transportStatus(HandlingEvent.Type type) {
    return switch (type) {
      case LOAD -> TransportStatus.ONBOARD_CARRIER;
      case RECEIVE, UNLOAD, CUSTOMS -> TransportStatus.IN_PORT;
      case CLAIM -> TransportStatus.CLAIMED;
    };
  }
}
