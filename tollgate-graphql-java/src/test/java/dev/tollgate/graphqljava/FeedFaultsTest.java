package dev.tollgate.graphqljava;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.SchemaFingerprint;
import graphql.GraphQL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 25 items 2 and 6 against {@link RawRegistry}, a registry whose answers the test can cut in
 * the middle of their body: a change poll or a snapshot cut mid-stream keeps the last state, counts
 * as stale, and is recovered from; the registry's schema fingerprint compared with the
 * application's at start and on each change.
 */
final class FeedFaultsTest {

  private static final String TRACK =
      "query Track($id: String!) { cargo(trackingId: $id) { trackingId } }";
  private static final String ORIGIN =
      "query Origin($id: String!) { cargo(trackingId: $id) { origin { code } } }";
  private static final String KEY = "web-key";
  private static final KeyPolicy WEB = KeyPolicy.newPolicy("web").apps(Set.of("shop")).build();

  private final CargoGraph cargo = new CargoGraph();
  private final OperationPricer pricer = new OperationPricer(cargo.schema(), CostModel.book());
  private final String appFingerprint = SchemaFingerprint.of(CargoGraph.sdl(), CostModel.book());
  private final List<AutoCloseable> opened = new ArrayList<>();
  private RawRegistry raw;

  @AfterEach
  void closeAll() throws Exception {
    for (int i = opened.size() - 1; i >= 0; i--) {
      opened.get(i).close();
    }
  }

  @Test
  void changePollCutMidBody_lastStateKept_stale_thenRecovers() throws Exception {
    raw = open(new RawRegistry());
    StoredDocument track = document(TRACK);
    raw.publish(appFingerprint, track);
    HttpRegistry registry = follow();
    GraphQL graphql = graphql(registry);
    assertThat(Registered.code(graphql.execute(byId(track)))).isNull();

    raw.cut(true, false);
    StoredDocument origin = document(ORIGIN);
    raw.publish(appFingerprint, track, origin);

    awaitWithin(Duration.ofSeconds(5), () -> registry.staleness().toMillis() > 0);
    Duration first = registry.staleness();
    Thread.sleep(100);
    assertThat(registry.staleness()).isGreaterThan(first);
    assertThat(Registered.code(graphql.execute(byId(track)))).isNull();
    assertThat(Registered.code(graphql.execute(byId(origin))))
        .isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");

    raw.cut(false, false);
    awaitWithin(
        Duration.ofSeconds(5), () -> Registered.code(graphql.execute(byId(origin))) == null);
    assertThat(registry.staleness()).isEqualTo(Duration.ZERO);
    assertThat(registry.registryChangeId()).isEqualTo(3);
  }

  @Test
  void snapshotCutMidBody_lastStateKept_stale_thenRecovers() throws Exception {
    raw = open(new RawRegistry());
    StoredDocument track = document(TRACK);
    raw.publish(appFingerprint, track);
    HttpRegistry registry = follow();
    GraphQL graphql = graphql(registry);

    // the change poll is whole and says 3; the snapshot it sends for is cut
    raw.cut(false, true);
    StoredDocument origin = document(ORIGIN);
    raw.publish(appFingerprint, origin);

    awaitWithin(Duration.ofSeconds(5), () -> registry.staleness().toMillis() > 0);
    assertThat(registry.registryChangeId()).isEqualTo(2);
    assertThat(Registered.code(graphql.execute(byId(track)))).isNull();
    assertThat(Registered.code(graphql.execute(byId(origin))))
        .isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");

    raw.cut(false, false);
    awaitWithin(
        Duration.ofSeconds(5), () -> Registered.code(graphql.execute(byId(origin))) == null);
    assertThat(registry.staleness()).isEqualTo(Duration.ZERO);
    // version 3 holds Origin only: Track is no longer registered
    assertThat(Registered.code(graphql.execute(byId(track))))
        .isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");
  }

  @Test
  void fingerprintMismatch_loggedOnceAtStartAndOnceOnEachChange() throws Exception {
    raw = open(new RawRegistry());
    StoredDocument track = document(TRACK);
    raw.publish("registry-one", track);

    String log =
        StdErr.during(
            () -> {
              HttpRegistry registry = follow();
              graphql(registry);
              // the same fingerprint again: no new line
              raw.publish("registry-one", track);
              awaitWithin(Duration.ofSeconds(5), () -> registry.registryChangeId() == 3);
              raw.publish(appFingerprint, track);
              awaitWithin(Duration.ofSeconds(5), () -> registry.registryChangeId() == 4);
              raw.publish("registry-two", track);
              awaitWithin(Duration.ofSeconds(5), () -> registry.registryChangeId() == 5);
              // the catalog's poll (50 ms) runs the comparison after the snapshot arrived
              Thread.sleep(300);
            });

    List<String> mismatches = log.lines().filter(line -> line.contains("schema mismatch")).toList();
    assertThat(mismatches).hasSize(2);
    assertThat(mismatches.get(0))
        .contains("WARN")
        .contains("registry-one")
        .contains(appFingerprint);
    assertThat(mismatches.get(1))
        .contains("WARN")
        .contains("registry-two")
        .contains(appFingerprint);
  }

  private StoredDocument document(String text) {
    return Registered.stored(pricer, text, appFingerprint);
  }

  private HttpRegistry follow() {
    return open(
        HttpRegistry.newRegistry(raw.url(), "read-token")
            .waitMillis(100)
            .requestTimeout(Duration.ofSeconds(1))
            .backoff(Duration.ofMillis(20), Duration.ofMillis(100))
            .build());
  }

  private GraphQL graphql(HttpRegistry registry) {
    TollgateGraphQL tollgate =
        open(
            TollgateGraphQL.newTollgate(cargo.schema(), registry)
                .key(KEY, WEB)
                .schemaSdl(CargoGraph.sdl())
                .refreshEvery(Duration.ofMillis(50))
                .build());
    return GraphQL.newGraphQL(cargo.schema())
        .preparsedDocumentProvider(tollgate.preparsedDocumentProvider())
        .instrumentation(tollgate.instrumentation())
        .build();
  }

  private static graphql.ExecutionInput byId(StoredDocument document) {
    return Registered.byId(document.hash(), Map.of("id", "T1"), KEY);
  }

  private <T extends AutoCloseable> T open(T closeable) {
    opened.add(closeable);
    return closeable;
  }

  private static void awaitWithin(Duration limit, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + limit);
      }
      Thread.sleep(20);
    }
  }
}
