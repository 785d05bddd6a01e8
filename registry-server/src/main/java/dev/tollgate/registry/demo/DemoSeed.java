package dev.tollgate.registry.demo;

import dev.tollgate.registry.demo.HandlingEvent.Type;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The demo's fixed data: eight cargos between twelve ports. Handling events follow each cargo's
 * itinerary (receive, load and unload per leg, customs, claim) up to how far the cargo has got.
 * GHI345's booking is down; MNO234 was unloaded where its itinerary does not go (misdirected);
 * JKL567 is booked but not routed.
 */
final class DemoSeed {

  static final Instant EPOCH = Instant.parse("2026-10-01T08:00:00Z");

  static final List<Location> LOCATIONS =
      List.of(
          Location.of("NLRTM", "Rotterdam"),
          Location.of("CNSHA", "Shanghai"),
          Location.of("SGSIN", "Singapore"),
          Location.of("HKHKG", "Hong Kong"),
          Location.of("USNYC", "New York"),
          Location.of("USDAL", "Dallas"),
          Location.of("USCHI", "Chicago"),
          Location.of("DEHAM", "Hamburg"),
          Location.of("SEGOT", "Gothenburg"),
          Location.of("FIHEL", "Helsinki"),
          Location.of("JPTYO", "Tokyo"),
          Location.of("AUMEL", "Melbourne"));

  private final List<Cargo> cargos = new ArrayList<>();
  private final List<HandlingEvent> events = new ArrayList<>();

  private DemoSeed() {}

  static DemoSeed create() {
    DemoSeed seed = new DemoSeed();
    seed.cargo("ABC123", 9, 0, "HKHKG", "CNSHA", "SGSIN", "NLRTM", "FIHEL");
    seed.cargo("DEF456", 4, 2, "HKHKG", "JPTYO", "USNYC", "USDAL");
    seed.add(seed.cargoOf("GHI345", 3, "NLRTM", "DEHAM", "USNYC").withBookingOutage(), 5);
    seed.cargo("JKL567", 0, 4, "SEGOT", "AUMEL");
    seed.cargo("MNO234", 3, 5, "CNSHA", "SGSIN", "AUMEL");
    seed.misdirect("MNO234", "HKHKG");
    seed.cargo("STU678", 6, 6, "SGSIN", "NLRTM", "SEGOT", "FIHEL");
    seed.cargo("VWX901", 2, 7, "USCHI", "USNYC", "DEHAM");
    seed.cargo("XYZ789", 7, 8, "JPTYO", "USNYC", "NLRTM");
    return seed;
  }

  List<Cargo> cargos() {
    return List.copyOf(cargos);
  }

  List<HandlingEvent> events() {
    return List.copyOf(events);
  }

  private void cargo(String trackingId, int progress, int startDay, String... route) {
    add(cargoOf(trackingId, startDay, route), progress);
  }

  private Cargo cargoOf(String trackingId, int startDay, String... route) {
    if (route.length == 2) {
      return Cargo.of(trackingId, location(route[0]), location(route[1]), List.of());
    }
    List<Leg> legs = new ArrayList<>();
    Instant load = EPOCH.plus(Duration.ofDays(startDay));
    for (int i = 0; i + 1 < route.length; i++) {
      Instant unload = load.plus(Duration.ofDays(4 + i)).plus(Duration.ofHours(6));
      String voyage = String.format("%02d%02d%s", i + 1, startDay, "SAT".charAt(i % 3));
      legs.add(new Leg(voyage, location(route[i]), location(route[i + 1]), load, unload));
      load = unload.plus(Duration.ofDays(1));
    }
    return Cargo.of(trackingId, location(route[0]), location(route[route.length - 1]), legs);
  }

  /** Adds the cargo and the first {@code progress} events of its itinerary's happy path. */
  private void add(Cargo cargo, int progress) {
    cargos.add(cargo);
    List<HandlingEvent> path = happyPath(cargo);
    for (HandlingEvent draft : path.subList(0, Math.min(progress, path.size()))) {
      events.add(numbered(draft));
    }
  }

  private List<HandlingEvent> happyPath(Cargo cargo) {
    List<Leg> legs = cargo.legs();
    if (legs.isEmpty()) {
      return List.of();
    }
    List<HandlingEvent> path = new ArrayList<>();
    Instant received = legs.get(0).loadTime().minus(Duration.ofDays(1));
    path.add(draft(cargo, Type.RECEIVE, received, cargo.origin(), null));
    for (Leg leg : legs) {
      path.add(draft(cargo, Type.LOAD, leg.loadTime(), leg.loadLocation(), leg.voyageNumber()));
      path.add(
          draft(cargo, Type.UNLOAD, leg.unloadTime(), leg.unloadLocation(), leg.voyageNumber()));
    }
    Instant arrived = legs.get(legs.size() - 1).unloadTime();
    path.add(
        draft(cargo, Type.CUSTOMS, arrived.plus(Duration.ofHours(6)), cargo.destination(), null));
    path.add(draft(cargo, Type.CLAIM, arrived.plus(Duration.ofDays(1)), cargo.destination(), null));
    return path;
  }

  /**
   * Unloads the cargo, two hours after its latest event, at a port its itinerary does not visit.
   */
  private void misdirect(String trackingId, String code) {
    HandlingEvent last = events.get(events.size() - 1);
    if (!last.trackingId().equals(trackingId)) {
      throw new IllegalStateException(
          "misdirect must follow the cargo's own events: " + trackingId);
    }
    events.add(
        numbered(
            new HandlingEvent(
                "",
                trackingId,
                Type.UNLOAD,
                last.completionTime().plus(Duration.ofHours(2)),
                location(code),
                last.voyageNumber())));
  }

  private HandlingEvent numbered(HandlingEvent draft) {
    return new HandlingEvent(
        eventId(events.size() + 1),
        draft.trackingId(),
        draft.type(),
        draft.completionTime(),
        draft.location(),
        draft.voyageNumber());
  }

  private static HandlingEvent draft(
      Cargo cargo, Type type, Instant time, Location at, @Nullable String voyage) {
    return new HandlingEvent("", cargo.trackingId(), type, time, at, voyage);
  }

  static String eventId(long sequence) {
    return String.format("evt_%06d", sequence);
  }

  private static Location location(String code) {
    for (Location location : LOCATIONS) {
      if (location.code().equals(code)) {
        return location;
      }
    }
    throw new IllegalArgumentException("no such seed location: " + code);
  }
}
