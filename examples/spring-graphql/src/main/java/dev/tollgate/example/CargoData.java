package dev.tollgate.example;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/** A few cargos in memory, after the demo's seed. */
@Component
public class CargoData {

  /** GraphQL type {@code Location}. */
  public record Location(String id, String code, String name) {}

  /** GraphQL type {@code Delivery}. */
  public record Delivery(
      String transportStatus,
      String routingStatus,
      boolean misdirected,
      @Nullable Location lastKnownLocation,
      @Nullable String eta) {}

  /**
   * GraphQL type {@code HandlingEvent}: something that happened to a cargo at a location.
   *
   * @param completionTime ISO-8601, as the schema's {@code DateTime} is text here
   */
  public record HandlingEvent(
      String id,
      String trackingId,
      String type,
      String completionTime,
      Location location,
      @Nullable String voyageNumber) {}

  /** A mutation's input the data refuses, named in the message ({@code BAD_USER_INPUT}). */
  public static final class BadUserInput extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadUserInput(String message) {
      super(message, null, false, false);
    }
  }

  /** GraphQL type {@code Cargo}; its {@code itinerary} is left out (null). */
  public record Cargo(
      String id, String trackingId, Location origin, Location destination, Delivery delivery) {}

  private static final Map<String, Location> LOCATIONS =
      List.of(
              new Location("loc_HKHKG", "HKHKG", "Hong Kong"),
              new Location("loc_FIHEL", "FIHEL", "Helsinki"),
              new Location("loc_USDAL", "USDAL", "Dallas"),
              new Location("loc_AUMEL", "AUMEL", "Melbourne"),
              new Location("loc_SEGOT", "SEGOT", "Gothenburg"))
          .stream()
          .collect(Collectors.toMap(Location::code, Function.identity()));

  private final List<Cargo> cargos =
      List.of(
          cargo("ABC123", "HKHKG", "FIHEL", "IN_PORT"),
          cargo("DEF456", "HKHKG", "USDAL", "ONBOARD_CARRIER"),
          cargo("JKL567", "SEGOT", "AUMEL", "NOT_RECEIVED"));

  private final Map<String, Cargo> byTrackingId =
      cargos.stream().collect(Collectors.toMap(Cargo::trackingId, Function.identity()));

  /** Events registered since start, by tracking id, in order of completion (then id). */
  private final Map<String, List<HandlingEvent>> histories = new ConcurrentHashMap<>();

  private final Map<String, HandlingEvent> eventsById = new ConcurrentHashMap<>();
  private final AtomicLong eventSequence = new AtomicLong();

  private static Cargo cargo(String trackingId, String from, String to, String status) {
    Location origin = location(from);
    return new Cargo(
        "cargo_" + trackingId,
        trackingId,
        origin,
        location(to),
        new Delivery(status, "ROUTED", false, origin, null));
  }

  private static Location location(String code) {
    Location location = LOCATIONS.get(code);
    if (location == null) {
      throw new IllegalArgumentException("no location " + code);
    }
    return location;
  }

  /** Every cargo, by tracking id. */
  public List<Cargo> cargos() {
    return cargos;
  }

  public @Nullable Cargo cargo(String trackingId) {
    return byTrackingId.get(trackingId);
  }

  /** The events registered for {@code trackingId}, in order of completion time, then id. */
  public List<HandlingEvent> history(String trackingId) {
    return histories.getOrDefault(trackingId, List.of());
  }

  /**
   * Records a handling event and returns it, as the demo registry's upstream does ({@code
   * DemoData.register}).
   *
   * @throws BadUserInput for an unknown cargo or location, a load or unload without a voyage, or a
   *     completion time that is not ISO-8601
   */
  public HandlingEvent register(
      String trackingId,
      String type,
      String locationCode,
      @Nullable String voyageNumber,
      String completionTime) {
    if (!byTrackingId.containsKey(trackingId)) {
      throw new BadUserInput("unknown tracking id: " + trackingId);
    }
    Location location = LOCATIONS.get(locationCode);
    if (location == null) {
      throw new BadUserInput("unknown location code: " + locationCode);
    }
    if ((type.equals("LOAD") || type.equals("UNLOAD")) && voyageNumber == null) {
      throw new BadUserInput("voyageNumber is required for " + type);
    }
    Instant at;
    try {
      at = Instant.parse(completionTime);
    } catch (DateTimeParseException e) {
      throw new BadUserInput("completionTime is not an ISO-8601 instant: " + completionTime);
    }
    String id = String.format("evt_%06d", eventSequence.incrementAndGet());
    HandlingEvent event =
        new HandlingEvent(id, trackingId, type, at.toString(), location, voyageNumber);
    eventsById.put(id, event);
    histories.compute(trackingId, (key, history) -> appended(history, event));
    return event;
  }

  private static List<HandlingEvent> appended(
      @Nullable List<HandlingEvent> history, HandlingEvent event) {
    List<HandlingEvent> copy = history == null ? new ArrayList<>() : new ArrayList<>(history);
    copy.add(event);
    copy.sort(
        Comparator.comparing((HandlingEvent e) -> Instant.parse(e.completionTime()))
            .thenComparing(HandlingEvent::id));
    return List.copyOf(copy);
  }

  /** A cargo, a location or a handling event by its {@code id}. */
  public @Nullable Object node(String id) {
    HandlingEvent event = eventsById.get(id);
    if (event != null) {
      return event;
    }
    for (Cargo cargo : cargos) {
      if (cargo.id().equals(id)) {
        return cargo;
      }
    }
    for (Location location : LOCATIONS.values()) {
      if (location.id().equals(id)) {
        return location;
      }
    }
    return null;
  }
}
