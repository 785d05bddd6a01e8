package dev.tollgate.example;

import dev.tollgate.example.CargoData.Cargo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.graphql.data.method.annotation.Argument;
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

  /** No handling events are recorded in this example. */
  @SchemaMapping(typeName = "Cargo", field = "handlingHistory")
  public Map<String, Object> handlingHistory(Cargo cargo) {
    return Map.of(
        "edges", List.of(), "pageInfo", Map.of("hasNextPage", false, "hasPreviousPage", false));
  }
}
