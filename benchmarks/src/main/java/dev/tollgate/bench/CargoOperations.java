package dev.tollgate.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Generates distinct, valid, named operations over the cargo schema, the size of real screens'
 * queries (roughly 200 to 700 bytes): four entry points (a page of cargos, one cargo, a node, a
 * page with its handling history), each with a selection of cargo fields, page sizes and aliases
 * taken from the operation's number, with and without variables.
 */
final class CargoOperations {

  /** Operation {@code i}: its text and the variables a client sends with it. */
  record Operation(String text, Map<String, @Nullable Object> variables) {}

  private static final String[] CARGO_FIELDS = {
    "id",
    "trackingId",
    "origin { code name }",
    "destination { code name }",
    "itinerary { legs { voyageNumber loadLocation { code name } unloadLocation { code name } loadTime unloadTime } }",
    "delivery { transportStatus routingStatus misdirected eta }",
    "delivery { lastKnownLocation { id code name } }",
    "latest: handlingHistory(last: 1) { edges { node { type completionTime location { code } } } }",
  };

  private CargoOperations() {}

  static Operation generate(int i) {
    String name = "Screen" + i;
    String fields = cargoFields(i);
    return switch (i % 4) {
      case 0 ->
          new Operation(
              "query "
                  + name
                  + "($first: Int = 10, $after: String) {\n"
                  + "  cargos(first: $first, after: $after) {\n    edges { cursor node { "
                  + fields
                  + " } }\n"
                  + "    pageInfo { hasNextPage endCursor }\n  }\n}\n",
              Map.of("first", 1 + i % 50));
      case 1 ->
          new Operation(
              "query "
                  + name
                  + "($trackingId: String!) {\n"
                  + "  cargo(trackingId: $trackingId) { "
                  + fields
                  + " }\n}\n",
              Map.of("trackingId", "ABC" + i));
      case 2 ->
          new Operation(
              "query "
                  + name
                  + "($id: ID!) {\n"
                  + "  node(id: $id) { id ... on Cargo { "
                  + fields
                  + " } }\n}\n",
              Map.of("id", "Cargo:" + i));
      default ->
          new Operation(
              "query "
                  + name
                  + "($events: Int) {\n"
                  + "  recent: cargos(first: "
                  + (1 + i % 20)
                  + ") {\n    edges { node { "
                  + fields
                  + "\n"
                  + "      handlingHistory(first: $events) { edges { node { id type completionTime location { code } } } }\n"
                  + "    } }\n  }\n}\n",
              variables("events", i % 3 == 0 ? null : 1 + i % 10));
    };
  }

  /**
   * Between two and all eight of the cargo selections, picked by the bits of a scrambled {@code i}.
   */
  private static String cargoFields(int i) {
    int bits = (i * 0x9E3779B1) >>> 8;
    List<String> picked = new ArrayList<>();
    picked.add(CARGO_FIELDS[1]);
    for (int f = 0; f < CARGO_FIELDS.length; f++) {
      if (f != 1 && (bits & (1 << f)) != 0) {
        picked.add(CARGO_FIELDS[f]);
      }
    }
    if (picked.size() == 1) {
      picked.add(CARGO_FIELDS[5]);
    }
    return String.join(" ", picked);
  }

  private static Map<String, @Nullable Object> variables(String name, @Nullable Object value) {
    Map<String, @Nullable Object> variables = new HashMap<>();
    if (value != null) {
      variables.put(name, value);
    }
    return variables;
  }
}
