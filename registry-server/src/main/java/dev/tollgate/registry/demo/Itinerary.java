package dev.tollgate.registry.demo;

import java.util.List;

/** The legs a cargo is booked on, in order. */
record Itinerary(List<Leg> legs) {

  Itinerary {
    legs = List.copyOf(legs);
  }
}
