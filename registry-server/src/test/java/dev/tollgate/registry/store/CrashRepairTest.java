package dev.tollgate.registry.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What H2 was seen to bring back after kill -9 in the middle of a publication (a prefix of the
 * transaction: a version without its change row, documents without operations or links), written
 * here by hand, and removed when the store opens.
 */
final class CrashRepairTest {

  private static final InstantSource CLOCK =
      InstantSource.fixed(Instant.parse("2026-11-29T12:00:00Z"));

  @TempDir Path tempDir;

  @Test
  void open_unfinishedPublication_removedAndFinishedOneKept() throws SQLException {
    NewDocument kept = document("query Kept { cargos { edges { cursor } } }");
    try (RegistryStore store = RegistryStore.open(ServerConfig.Store.h2In(tempDir), CLOCK)) {
      store.publish(new Publication("web", "1", "f1", "test", List.of(kept)));
    }
    String orphan = DocumentHash.of("query Orphan { __typename }").hex();
    execute(
        "INSERT INTO apps (name, created) VALUES ('half', CURRENT_TIMESTAMP)",
        "INSERT INTO app_versions (app, version, status, manifest_fingerprint, published_by, created) "
            + "VALUES ('half', '1', 'active', 'f2', 'test', CURRENT_TIMESTAMP)",
        "INSERT INTO documents (id, body, created) VALUES ('"
            + orphan
            + "', 'query Orphan { __typename }', "
            + "CURRENT_TIMESTAMP)",
        "INSERT INTO version_documents (version_id, document_id) SELECT id, '"
            + kept.hash().hex()
            + "' FROM app_versions WHERE app = 'half'");

    try (RegistryStore store = RegistryStore.open(ServerConfig.Store.h2In(tempDir), CLOCK)) {
      assertThat(store.findVersion("half", "1")).isEmpty();
      assertThat(store.findDocument(DocumentHash.parse(orphan))).isEmpty();
      assertThat(store.apps()).extracting(AppSummary::name).containsExactly("web");
      assertThat(store.findVersion("web", "1")).isPresent();
      assertThat(store.findDocument(kept.hash())).isPresent();
    }
    assertThat(count("SELECT COUNT(*) FROM version_documents")).isEqualTo(1);
  }

  @Test
  void open_healthyStore_changesNothing() throws SQLException {
    NewDocument a = document("query A { cargos { edges { cursor } } }");
    try (RegistryStore store = RegistryStore.open(ServerConfig.Store.h2In(tempDir), CLOCK)) {
      store.publish(new Publication("web", "1", "f1", "test", List.of(a)));
      store.retire("web", "1", "test");
    }

    try (RegistryStore store = RegistryStore.open(ServerConfig.Store.h2In(tempDir), CLOCK)) {
      assertThat(store.findVersion("web", "1")).isPresent();
      assertThat(store.findDocument(a.hash())).isPresent();
    }
    assertThat(count("SELECT COUNT(*) FROM operations")).isEqualTo(1);
  }

  private static NewDocument document(String body) {
    return new NewDocument(
        DocumentHash.of(body),
        body,
        List.of(new StoredOperation(null, OperationKind.QUERY, "tgp1", 1, 1, 0, 5, "schema")));
  }

  private void execute(String... statements) throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  private int count(String sql) throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      rows.next();
      return rows.getInt(1);
    }
  }

  private Connection connect() throws SQLException {
    return DriverManager.getConnection(ServerConfig.Store.h2In(tempDir).jdbcUrl(), "sa", "");
  }
}
