package dev.tollgate.registry.demo;

import dev.tollgate.registry.demo.HandlingEvent.Type;
import graphql.schema.DataFetchingEnvironment;
import graphql.schema.TypeResolver;
import graphql.schema.idl.RuntimeWiring;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The resolvers: each reads {@link DemoData} directly. Every other field is a record component,
 * which graphql-java's default property fetcher reads by name.
 */
final class DemoWiring {

  private final DemoData data;
  private final Keyset<Cargo> cargoPages;
  private final Keyset<HandlingEvent> eventPages;

  DemoWiring(DemoData data) {
    this.data = data;
    this.cargoPages =
        new Keyset<>(Cargo.class, Comparator.comparing(Cargo::trackingId), Cargo::id, data::node);
    this.eventPages =
        new Keyset<>(HandlingEvent.class, HandlingEvent.ORDER, HandlingEvent::id, data::node);
  }

  RuntimeWiring runtimeWiring() {
    return RuntimeWiring.newRuntimeWiring()
        .scalar(DateTimeScalar.TYPE)
        .type(
            "Query",
            type ->
                type.dataFetcher("cargos", this::cargos)
                    .dataFetcher("cargo", this::cargo)
                    .dataFetcher("node", this::node)
                    .dataFetcher("nodes", this::nodes))
        .type(
            "Mutation",
            type -> type.dataFetcher("registerHandlingEvent", this::registerHandlingEvent))
        .type(
            "Cargo",
            type ->
                type.dataFetcher("itinerary", this::itinerary)
                    .dataFetcher("delivery", this::delivery)
                    .dataFetcher("handlingHistory", this::handlingHistory))
        .type("HandlingEvent", type -> type.dataFetcher("cargo", this::eventCargo))
        .type("Node", type -> type.typeResolver(nodeType()))
        .build();
  }

  private Keyset.Connection cargos(DataFetchingEnvironment env) {
    return cargoPages.page(data.cargos(), pageArgs(env));
  }

  private @Nullable Cargo cargo(DataFetchingEnvironment env) {
    return data.cargo(argument(env, "trackingId"));
  }

  private @Nullable Object node(DataFetchingEnvironment env) {
    return data.node(argument(env, "id"));
  }

  private List<@Nullable Object> nodes(DataFetchingEnvironment env) {
    List<String> ids = argument(env, "ids");
    List<@Nullable Object> nodes = new ArrayList<>(ids.size());
    for (String id : ids) {
      nodes.add(data.node(id));
    }
    return nodes;
  }

  private @Nullable Itinerary itinerary(DataFetchingEnvironment env) {
    Cargo cargo = source(env);
    if (cargo.bookingOutage()) {
      throw DemoError.serviceUnavailable("booking service unavailable for " + cargo.trackingId());
    }
    return cargo.itinerary();
  }

  private Delivery delivery(DataFetchingEnvironment env) {
    Cargo cargo = source(env);
    return Delivery.of(cargo, data.history(cargo.trackingId()));
  }

  private Keyset.Connection handlingHistory(DataFetchingEnvironment env) {
    Cargo cargo = source(env);
    return eventPages.page(data.history(cargo.trackingId()), pageArgs(env));
  }

  private @Nullable Cargo eventCargo(DataFetchingEnvironment env) {
    HandlingEvent event = source(env);
    return data.cargo(event.trackingId());
  }

  private HandlingEvent registerHandlingEvent(DataFetchingEnvironment env) {
    Map<String, Object> input = argument(env, "input");
    return data.register(
        (String) field(input, "trackingId"),
        Type.valueOf((String) field(input, "type")),
        (String) field(input, "locationCode"),
        (String) input.get("voyageNumber"),
        (Instant) field(input, "completionTime"));
  }

  /* ---- graphql-java validated the document: non-null arguments and sources are present ---- */

  private static <T> T argument(DataFetchingEnvironment env, String name) {
    return Objects.requireNonNull(env.getArgument(name), name);
  }

  private static <T> T source(DataFetchingEnvironment env) {
    return Objects.requireNonNull(env.getSource(), "source");
  }

  private static Object field(Map<String, Object> input, String name) {
    return Objects.requireNonNull(input.get(name), name);
  }

  private static Keyset.Args pageArgs(DataFetchingEnvironment env) {
    return new Keyset.Args(
        env.getArgument("first"),
        env.getArgument("after"),
        env.getArgument("last"),
        env.getArgument("before"));
  }

  private static TypeResolver nodeType() {
    return env -> {
      Object node = env.getObject();
      String name =
          node instanceof Cargo ? "Cargo" : node instanceof Location ? "Location" : "HandlingEvent";
      return env.getSchema().getObjectType(name);
    };
  }
}
