package dev.tollgate.example;

import dev.tollgate.example.CargoData.BadUserInput;
import dev.tollgate.example.CargoData.Cargo;
import dev.tollgate.example.CargoData.HandlingEvent;
import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import graphql.schema.DataFetchingEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.GraphQlExceptionHandler;
import org.springframework.graphql.data.method.annotation.MutationMapping;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.stereotype.Controller;

/** The cargo schema's data fetchers, over {@link CargoData}. No Tollgate here. */
@Controller
public class CargoController {

  private static final int PAGE_CAP = 50;
  private static final int DEFAULT_PAGE = 10;

  private final CargoData data;

  public CargoController(CargoData data) {
    this.data = data;
  }

  /** Keyset pages by tracking id: {@code first} after the cursor, or {@code last} before it. */
  @QueryMapping
  public Map<String, Object> cargos(
      @Argument @Nullable Integer first,
      @Argument @Nullable String after,
      @Argument @Nullable Integer last,
      @Argument @Nullable String before) {
    List<Cargo> window = new ArrayList<>();
    for (Cargo cargo : data.cargos()) {
      boolean afterCursor = after == null || cargo.trackingId().compareTo(after) > 0;
      boolean beforeCursor = before == null || cargo.trackingId().compareTo(before) < 0;
      if (afterCursor && beforeCursor) {
        window.add(cargo);
      }
    }
    int size = Math.min(PAGE_CAP, first != null ? first : last != null ? last : DEFAULT_PAGE);
    size = Math.max(0, size);
    List<Cargo> page =
        first == null && last != null
            ? window.subList(Math.max(0, window.size() - size), window.size())
            : window.subList(0, Math.min(size, window.size()));
    List<Map<String, Object>> edges = new ArrayList<>();
    page.forEach(cargo -> edges.add(Map.of("cursor", cargo.trackingId(), "node", cargo)));
    Map<String, Object> pageInfo = new java.util.HashMap<>();
    pageInfo.put("hasNextPage", page.size() < window.size() && last == null);
    pageInfo.put("hasPreviousPage", page.size() < window.size() && last != null);
    pageInfo.put("startCursor", page.isEmpty() ? null : page.get(0).trackingId());
    pageInfo.put("endCursor", page.isEmpty() ? null : page.get(page.size() - 1).trackingId());
    return Map.of("edges", edges, "pageInfo", pageInfo);
  }

  @QueryMapping
  public @Nullable Cargo cargo(@Argument String trackingId) {
    return data.cargo(trackingId);
  }

  @QueryMapping
  public @Nullable Object node(@Argument String id) {
    return data.node(id);
  }

  @QueryMapping
  public List<@Nullable Object> nodes(@Argument List<String> ids) {
    List<@Nullable Object> nodes = new ArrayList<>();
    ids.forEach(id -> nodes.add(data.node(id)));
    return nodes;
  }

  /** The events registered since start, first page of at most {@value #PAGE_CAP}. */
  @SchemaMapping(typeName = "Cargo", field = "handlingHistory")
  public Map<String, Object> handlingHistory(Cargo cargo, @Argument @Nullable Integer first) {
    List<HandlingEvent> history = data.history(cargo.trackingId());
    int size = Math.max(0, Math.min(PAGE_CAP, first != null ? first : DEFAULT_PAGE));
    List<HandlingEvent> page = history.subList(0, Math.min(size, history.size()));
    List<Map<String, Object>> edges = new ArrayList<>();
    page.forEach(event -> edges.add(Map.of("cursor", event.id(), "node", event)));
    Map<String, Object> pageInfo = new java.util.HashMap<>();
    pageInfo.put("hasNextPage", page.size() < history.size());
    pageInfo.put("hasPreviousPage", false);
    pageInfo.put("startCursor", page.isEmpty() ? null : page.get(0).id());
    pageInfo.put("endCursor", page.isEmpty() ? null : page.get(page.size() - 1).id());
    return Map.of("edges", edges, "pageInfo", pageInfo);
  }

  /** GraphQL input {@code RegisterHandlingEventInput}; graphql-java checked its non-null fields. */
  public record RegisterHandlingEventInput(
      String trackingId,
      String type,
      String locationCode,
      @Nullable String voyageNumber,
      String completionTime) {}

  /** Records a handling event, as the demo registry's upstream does. */
  @MutationMapping
  public HandlingEvent registerHandlingEvent(@Argument RegisterHandlingEventInput input) {
    return data.register(
        input.trackingId(),
        input.type(),
        input.locationCode(),
        input.voyageNumber(),
        input.completionTime());
  }

  @SchemaMapping(typeName = "HandlingEvent", field = "cargo")
  public @Nullable Cargo eventCargo(HandlingEvent event) {
    return data.cargo(event.trackingId());
  }

  /**
   * A refused input: its message and {@code extensions.code} {@code BAD_USER_INPUT}, as the demo.
   */
  @GraphQlExceptionHandler
  public GraphQLError badUserInput(BadUserInput error, DataFetchingEnvironment env) {
    return GraphqlErrorBuilder.newError(env)
        .message(String.valueOf(error.getMessage()))
        .extensions(Map.of("code", "BAD_USER_INPUT"))
        .build();
  }
}
