package dev.tollgate.example;

import java.util.List;
import java.util.Map;
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

  /** A cargo or a location by its {@code id}. */
  public @Nullable Object node(String id) {
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
