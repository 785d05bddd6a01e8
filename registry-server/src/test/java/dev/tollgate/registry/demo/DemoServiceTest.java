package dev.tollgate.registry.demo;

import static dev.tollgate.registry.demo.DemoResponses.at;
import static dev.tollgate.registry.demo.DemoResponses.errors;
import static dev.tollgate.registry.demo.DemoResponses.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.admission.UpstreamRequest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

final class DemoServiceTest {

  private final DemoService demo = new DemoService();

  /* ---- cargos ---- */

  @Test
  void cargos_first5_returnsFiveEdgesAndHasNextPage() {
    var body =
        run(
            demo,
            "{ cargos(first: 5) { edges { cursor node { trackingId } } pageInfo { hasNextPage hasPreviousPage endCursor } } }");

    assertThat(errors(body)).isEmpty();
    assertThat(trackingIds(at(body, "data", "cargos", "edges")))
        .containsExactly("ABC123", "DEF456", "GHI345", "JKL567", "MNO234");
    assertThat((Boolean) at(body, "data", "cargos", "pageInfo", "hasNextPage")).isTrue();
    assertThat((Boolean) at(body, "data", "cargos", "pageInfo", "hasPreviousPage")).isFalse();
  }

  @Test
  void cargos_afterEndCursor_continuesWhereThePageEnded() {
    var first = run(demo, "{ cargos(first: 5) { pageInfo { endCursor } } }");
    String cursor = at(first, "data", "cargos", "pageInfo", "endCursor");

    var next =
        run(
            demo,
            "query($after: String) { cargos(first: 5, after: $after) { edges { node { trackingId } } pageInfo { hasNextPage hasPreviousPage } } }",
            Map.of("after", cursor));

    assertThat(trackingIds(at(next, "data", "cargos", "edges")))
        .containsExactly("STU678", "VWX901", "XYZ789");
    assertThat((Boolean) at(next, "data", "cargos", "pageInfo", "hasNextPage")).isFalse();
    assertThat((Boolean) at(next, "data", "cargos", "pageInfo", "hasPreviousPage")).isTrue();
  }

  @Test
  void cargos_lastBeforeCursor_returnsThePageBeforeIt() {
    String cursor = Keyset.cursor("cargo_STU678");

    var body =
        run(
            demo,
            "query($before: String) { cargos(last: 2, before: $before) { edges { node { trackingId } } } }",
            Map.of("before", cursor));

    assertThat(trackingIds(at(body, "data", "cargos", "edges")))
        .containsExactly("JKL567", "MNO234");
  }

  @Test
  void cargos_noPageSize_returnsTheDefaultPageOf10() {
    var body = run(demo, "{ cargos { edges { node { trackingId } } pageInfo { hasNextPage } } }");

    assertThat(trackingIds(at(body, "data", "cargos", "edges"))).hasSize(8);
    assertThat((Boolean) at(body, "data", "cargos", "pageInfo", "hasNextPage")).isFalse();
  }

  @Test
  void cargos_first51_refusesWithBadUserInputAndNullData() {
    var body = run(demo, "{ cargos(first: 51) { edges { node { trackingId } } } }");

    assertThat(body.get("data")).isNull();
    assertThat(errors(body)).hasSize(1);
    assertThat(errors(body).get(0))
        .containsEntry("message", "first must be between 0 and 50")
        .containsEntry("path", List.of("cargos"));
    assertThat(code(errors(body).get(0))).isEqualTo("BAD_USER_INPUT");
  }

  @Test
  void cargos_lastNegative_refusesWithBadUserInput() {
    var body = run(demo, "{ cargos(last: -1) { edges { cursor } } }");

    assertThat(errors(body))
        .extracting(error -> error.get("message"))
        .containsExactly("last must be between 0 and 50");
  }

  @Test
  void cargos_first0_returnsNoEdgesButHasNextPage() {
    var body =
        run(demo, "{ cargos(first: 0) { edges { cursor } pageInfo { hasNextPage startCursor } } }");

    assertThat(errors(body)).isEmpty();
    assertThat((List<?>) at(body, "data", "cargos", "edges")).isEmpty();
    assertThat((Boolean) at(body, "data", "cargos", "pageInfo", "hasNextPage")).isTrue();
  }

  @Test
  void cargos_garbageCursor_refusesWithBadUserInput() {
    var body = run(demo, "{ cargos(first: 5, after: \"not-a-cursor\") { edges { cursor } } }");

    assertThat(errors(body)).extracting(DemoServiceTest::code).containsExactly("BAD_USER_INPUT");
  }

  /* ---- handlingHistory ---- */

  @Test
  void handlingHistory_pagesOf5And6_showAndContinue() {
    String query =
        "query($n: Int, $after: String) { cargo(trackingId: \"ABC123\") { handlingHistory(first: $n, after: $after) "
            + "{ edges { node { id type completionTime } } pageInfo { hasNextPage endCursor } } } }";

    var five = run(demo, query, Map.of("n", 5));
    var six = run(demo, query, Map.of("n", 6));
    var rest =
        run(
            demo,
            query,
            Map.of(
                "n",
                50,
                "after",
                at(five, "data", "cargo", "handlingHistory", "pageInfo", "endCursor")));

    assertThat((List<?>) at(five, "data", "cargo", "handlingHistory", "edges")).hasSize(5);
    assertThat((List<?>) at(six, "data", "cargo", "handlingHistory", "edges")).hasSize(6);
    assertThat((Boolean) at(five, "data", "cargo", "handlingHistory", "pageInfo", "hasNextPage"))
        .isTrue();
    assertThat((List<?>) at(rest, "data", "cargo", "handlingHistory", "edges")).hasSize(4);
    assertThat((Boolean) at(rest, "data", "cargo", "handlingHistory", "pageInfo", "hasNextPage"))
        .isFalse();
    assertThat(
            (String)
                at(five, "data", "cargo", "handlingHistory", "edges", 0, "node", "completionTime"))
        .isEqualTo("2026-09-30T08:00:00Z");
  }

  @Test
  void handlingHistory_first51_nullsTheCargoWithBadUserInput() {
    var body =
        run(
            demo,
            "{ cargo(trackingId: \"ABC123\") { handlingHistory(first: 51) { edges { cursor } } } }");

    assertThat((Object) at(body, "data", "cargo")).isNull();
    assertThat(errors(body))
        .extracting(error -> error.get("message"))
        .containsExactly("first must be between 0 and 50");
  }

  @Test
  void handlingHistory_cursorOfAnotherCargosEvent_refusesWithBadUserInput() {
    String cursor = Keyset.cursor("evt_000001");

    var body =
        run(
            demo,
            "query($after: String) { cargo(trackingId: \"XYZ789\") "
                + "{ handlingHistory(first: 5, after: $after) { edges { cursor } } } }",
            Map.of("after", cursor));

    assertThat(errors(body))
        .extracting(error -> error.get("message"))
        .containsExactly("after is not a valid cursor: " + cursor);
  }

  /* ---- cargo, delivery and the booking outage ---- */

  @Test
  void cargo_unknownTrackingId_returnsNull() {
    var body = run(demo, "{ cargo(trackingId: \"NOPE00\") { trackingId } }");

    assertThat(errors(body)).isEmpty();
    assertThat((Object) at(body, "data", "cargo")).isNull();
  }

  @Test
  void delivery_misdirectedAndUnroutedCargos_reportTheirStatus() {
    var body =
        run(
            demo,
            "{ m: cargo(trackingId: \"MNO234\") { delivery { misdirected lastKnownLocation { code } } } "
                + "j: cargo(trackingId: \"JKL567\") { delivery { transportStatus routingStatus eta } itinerary { legs { voyageNumber } } } }");

    assertThat((Boolean) at(body, "data", "m", "delivery", "misdirected")).isTrue();
    assertThat((String) at(body, "data", "m", "delivery", "lastKnownLocation", "code"))
        .isEqualTo("HKHKG");
    assertThat((Map<String, Object>) at(body, "data", "j", "delivery"))
        .containsEntry("transportStatus", "NOT_RECEIVED")
        .containsEntry("routingStatus", "NOT_ROUTED")
        .containsEntry("eta", null);
    assertThat((Object) at(body, "data", "j", "itinerary")).isNull();
  }

  @Test
  void itinerary_ghi345_failsWithTheBookingOutageWhileTheRestResolves() {
    var body =
        run(
            demo,
            "{ cargo(trackingId: \"GHI345\") { trackingId itinerary { legs { voyageNumber } } } }");

    assertThat((String) at(body, "data", "cargo", "trackingId")).isEqualTo("GHI345");
    assertThat((Object) at(body, "data", "cargo", "itinerary")).isNull();
    assertThat(errors(body).get(0))
        .containsEntry("message", "booking service unavailable for GHI345")
        .containsEntry("path", List.of("cargo", "itinerary"));
    assertThat(code(errors(body).get(0))).isEqualTo("SERVICE_UNAVAILABLE");
  }

  /* ---- node, nodes ---- */

  @Test
  void node_locationId_resolvesTheLocation() {
    var body =
        run(demo, "{ node(id: \"loc_NLRTM\") { __typename id ... on Location { code name } } }");

    assertThat((Map<String, Object>) at(body, "data", "node"))
        .containsEntry("__typename", "Location")
        .containsEntry("code", "NLRTM")
        .containsEntry("name", "Rotterdam");
  }

  @Test
  void nodes_mixedIds_resolveEachTypeInOrderWithNullForUnknown() {
    var body =
        run(
            demo,
            "query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }",
            Map.of("ids", List.of("cargo_ABC123", "evt_000001", "loc_NLRTM", "nope")));

    assertThat(errors(body)).isEmpty();
    List<Map<String, Object>> nodes = at(body, "data", "nodes");
    assertThat(nodes)
        .extracting(node -> node == null ? null : node.get("__typename"))
        .containsExactly("Cargo", "HandlingEvent", "Location", null);
  }

  /* ---- registerHandlingEvent ---- */

  @Test
  void registerHandlingEvent_valid_appearsInLaterHistoryAndDelivery() {
    var registered =
        run(
            demo,
            """
        mutation($input: RegisterHandlingEventInput!) { registerHandlingEvent(input: $input) { id type location { code } } }""",
            Map.of(
                "input",
                Map.of(
                    "trackingId",
                    "VWX901",
                    "type",
                    "UNLOAD",
                    "locationCode",
                    "USNYC",
                    "voyageNumber",
                    "0107S",
                    "completionTime",
                    "2026-10-12T09:30:00+02:00")));
    String id = at(registered, "data", "registerHandlingEvent", "id");

    var later =
        run(
            demo,
            "{ cargo(trackingId: \"VWX901\") { delivery { transportStatus lastKnownLocation { code } } "
                + "handlingHistory(last: 1) { edges { node { id type completionTime } } } } }");

    assertThat(errors(registered)).isEmpty();
    assertThat((String) at(later, "data", "cargo", "handlingHistory", "edges", 0, "node", "id"))
        .isEqualTo(id);
    assertThat(
            (String)
                at(later, "data", "cargo", "handlingHistory", "edges", 0, "node", "completionTime"))
        .isEqualTo("2026-10-12T07:30:00Z");
    assertThat((String) at(later, "data", "cargo", "delivery", "transportStatus"))
        .isEqualTo("IN_PORT");
    assertThat(
            (String)
                at(
                    run(demo, "{ node(id: \"" + id + "\") { __typename } }"),
                    "data",
                    "node",
                    "__typename"))
        .isEqualTo("HandlingEvent");
  }

  @Test
  void registerHandlingEvent_unknownLocation_refusesWithBadUserInput() {
    var body =
        run(
            demo,
            """
        mutation { registerHandlingEvent(input: {trackingId: "ABC123", type: CUSTOMS, locationCode: "XXXXX",
          completionTime: "2026-10-20T00:00:00Z"}) { id } }""");

    assertThat(body.get("data")).isNull();
    assertThat(errors(body))
        .extracting(error -> error.get("message"))
        .containsExactly("unknown location code: XXXXX");
  }

  @Test
  void registerHandlingEvent_concurrentCalls_keepEveryEvent() throws InterruptedException {
    String mutation =
        "mutation { registerHandlingEvent(input: {trackingId: \"JKL567\", type: RECEIVE, "
            + "locationCode: \"SEGOT\", completionTime: \"2026-10-03T00:00:00Z\"}) { id } }";
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      threads[t] =
          new Thread(
              () -> {
                for (int i = 0; i < 25; i++) {
                  run(demo, mutation);
                }
              });
      threads[t].start();
    }
    for (Thread thread : threads) {
      thread.join();
    }

    var body =
        run(
            demo,
            "{ cargo(trackingId: \"JKL567\") { handlingHistory(first: 50) { edges { cursor } pageInfo { hasNextPage } } } }");
    var rest =
        run(
            demo,
            "{ cargo(trackingId: \"JKL567\") { handlingHistory(last: 50) { edges { cursor } pageInfo { hasPreviousPage } } } }");

    assertThat((List<?>) at(body, "data", "cargo", "handlingHistory", "edges")).hasSize(50);
    assertThat((List<?>) at(rest, "data", "cargo", "handlingHistory", "edges")).hasSize(50);
    assertThat((Boolean) at(body, "data", "cargo", "handlingHistory", "pageInfo", "hasNextPage"))
        .isTrue();
    assertThat(
            (Boolean) at(rest, "data", "cargo", "handlingHistory", "pageInfo", "hasPreviousPage"))
        .isTrue();
    assertThat(demo.documentsParsed()).isEqualTo(3);
  }

  /* ---- parse cache ---- */

  @Test
  void execute_sameTextTwice_parsesOnce() {
    String query = "query($id: String!) { cargo(trackingId: $id) { trackingId } }";

    run(demo, query, Map.of("id", "ABC123"));
    var second = run(demo, query, Map.of("id", "XYZ789"));

    assertThat(demo.documentsParsed()).isEqualTo(1);
    assertThat((String) at(second, "data", "cargo", "trackingId")).isEqualTo("XYZ789");
  }

  @Test
  void execute_nullVariableAndOperationName_runsTheNamedOperation() {
    Map<String, @Nullable Object> variables = new HashMap<>();
    variables.put("after", null);
    String document =
        "query A($after: String) { cargos(first: 1, after: $after) { edges { node { trackingId } } } } "
            + "query B { cargo(trackingId: \"XYZ789\") { trackingId } }";

    var a = demo.execute(new UpstreamRequest(document, "A", variables)).body().asMap();
    var b = demo.execute(new UpstreamRequest(document, "B", Map.of())).body().asMap();

    assertThat(trackingIds(at(a, "data", "cargos", "edges"))).containsExactly("ABC123");
    assertThat((String) at(b, "data", "cargo", "trackingId")).isEqualTo("XYZ789");
    assertThat(demo.documentsParsed()).isEqualTo(1);
  }

  @Test
  void execute_invalidDocument_answersValidationErrorsWithoutThrowing() {
    var body = run(demo, "{ cargos(first: 5) { nope } }");

    assertThat(body).doesNotContainKey("data");
    assertThat(errors(body)).isNotEmpty();
  }

  static String code(Map<String, Object> error) {
    return at(error, "extensions", "code");
  }

  private static List<String> trackingIds(List<Map<String, Object>> edges) {
    return edges.stream()
        .map(edge -> DemoResponses.<String>at(edge, "node", "trackingId"))
        .toList();
  }
}
