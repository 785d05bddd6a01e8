package dev.tollgate.registry.demo;

import dev.tollgate.registry.demo.HandlingEvent.Type;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The demo's in-memory source. Cargos and locations are fixed; handling histories grow through
 * {@link #register}. Each history is an immutable sorted list swapped atomically, so readers never
 * lock and always see a whole list.
 */
final class DemoData {

  private final List<Cargo> cargos;
  private final Map<String, Cargo> cargosByTrackingId;
  private final Map<String, Location> locationsByCode;
  private final Map<String, Object> nodesById = new ConcurrentHashMap<>();
  private final Map<String, List<HandlingEvent>> histories = new ConcurrentHashMap<>();
  private final AtomicLong eventSequence;

  DemoData(List<Cargo> cargos, List<Location> locations, List<HandlingEvent> events) {
    this.cargos = cargos.stream().sorted(Comparator.comparing(Cargo::trackingId)).toList();
    this.cargosByTrackingId = index(cargos);
    this.locationsByCode = new LinkedHashMap<>();
    locations.forEach(location -> locationsByCode.put(location.code(), location));
    cargos.forEach(cargo -> nodesById.put(cargo.id(), cargo));
    locations.forEach(location -> nodesById.put(location.id(), location));
    cargos.forEach(cargo -> histories.put(cargo.trackingId(), List.of()));
    events.forEach(this::append);
    this.eventSequence = new AtomicLong(events.size());
  }

  static DemoData seeded() {
    DemoSeed seed = DemoSeed.create();
    return new DemoData(seed.cargos(), DemoSeed.LOCATIONS, seed.events());
  }

  /** All cargos, ordered by tracking id (the key of the cargo list's cursors). */
  List<Cargo> cargos() {
    return cargos;
  }

  @Nullable Cargo cargo(String trackingId) {
    return cargosByTrackingId.get(trackingId);
  }

  /** A cargo's events in {@link HandlingEvent#ORDER}. */
  List<HandlingEvent> history(String trackingId) {
    return histories.getOrDefault(trackingId, List.of());
  }

  /** A Cargo, Location or HandlingEvent by its node id, or null. */
  @Nullable Object node(String id) {
    return nodesById.get(id);
  }

  /**
   * Records a handling event and returns it.
   *
   * @throws DemoError {@code BAD_USER_INPUT} for an unknown cargo or location, or a load or unload
   *     without a voyage
   */
  HandlingEvent register(
      String trackingId,
      Type type,
      String locationCode,
      @Nullable String voyageNumber,
      Instant at) {
    if (!cargosByTrackingId.containsKey(trackingId)) {
      throw DemoError.badUserInput("unknown tracking id: " + trackingId);
    }
    Location location = locationsByCode.get(locationCode);
    if (location == null) {
      throw DemoError.badUserInput("unknown location code: " + locationCode);
    }
    if ((type == Type.LOAD || type == Type.UNLOAD) && voyageNumber == null) {
      throw DemoError.badUserInput("voyageNumber is required for " + type);
    }
    String id = DemoSeed.eventId(eventSequence.incrementAndGet());
    HandlingEvent event = new HandlingEvent(id, trackingId, type, at, location, voyageNumber);
    append(event);
    return event;
  }

  private void append(HandlingEvent event) {
    // The node first: whoever sees the event in a history can also fetch it by id.
    nodesById.put(event.id(), event);
    histories.compute(event.trackingId(), (key, history) -> inserted(history, event));
  }

  private static List<HandlingEvent> inserted(
      @Nullable List<HandlingEvent> history, HandlingEvent event) {
    List<HandlingEvent> copy = history == null ? new ArrayList<>() : new ArrayList<>(history);
    copy.add(event);
    copy.sort(HandlingEvent.ORDER);
    return List.copyOf(copy);
  }

  private static Map<String, Cargo> index(List<Cargo> cargos) {
    Map<String, Cargo> byTrackingId = new LinkedHashMap<>();
    cargos.forEach(cargo -> byTrackingId.put(cargo.trackingId(), cargo));
    return Map.copyOf(byTrackingId);
  }
}
