package dev.tollgate.registry.demo;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A booked cargo. An empty leg list means not routed yet. {@code bookingOutage} marks the seed's
 * cargo whose booking source is down, so its itinerary fails while the rest of it resolves.
 */
record Cargo(
    String id,
    String trackingId,
    Location origin,
    Location destination,
    List<Leg> legs,
    boolean bookingOutage) {

  Cargo {
    legs = List.copyOf(legs);
  }

  static Cargo of(String trackingId, Location origin, Location destination, List<Leg> legs) {
    return new Cargo("cargo_" + trackingId, trackingId, origin, destination, legs, false);
  }

  Cargo withBookingOutage() {
    return new Cargo(id, trackingId, origin, destination, legs, true);
  }

  boolean routed() {
    return !legs.isEmpty();
  }

  @Nullable Itinerary itinerary() {
    return routed() ? new Itinerary(legs) : null;
  }

  boolean onItinerary(Location location) {
    for (Leg leg : legs) {
      if (leg.loadLocation().equals(location) || leg.unloadLocation().equals(location)) {
        return true;
      }
    }
    return false;
  }
}
