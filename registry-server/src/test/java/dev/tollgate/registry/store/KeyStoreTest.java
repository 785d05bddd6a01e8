package dev.tollgate.registry.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import dev.tollgate.registry.keys.KeySecrets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The key store (issue 27) on H2 and, where {@code TOLLGATE_TEST_POSTGRES_URL} is set, PostgreSQL:
 * each change writes the key's row whole and a change row (so gateways polling the change id see
 * it), the tables and the journal hold hashes and never a secret, and keys survive a restart, an
 * unclean shutdown (rebuilt from the journal, as after kill -9) and a lost journal (written again
 * from the tables).
 */
final class KeyStoreTest {

  @TempDir Path tempDir;

  private final FakeClock clock = new FakeClock();

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void create_rotate_revoke_eachAChangeWithTheRowWhole(TestDatabase.Kind kind) {
    try (TestDatabase database = TestDatabase.create(kind, tempDir);
        RegistryStore store = database.open(clock)) {
      long before = store.latestChangeId();
      String first = KeySecrets.newSecret("abcd1234");
      StoredKey created =
          store.keys().create("k1", "abcd1234", KeySecrets.hash(first), "web", null, "ci-admin");
      clock.advance(Duration.ofMinutes(5));
      String second = KeySecrets.newSecret("abcd1234");
      StoredKey rotated = store.keys().rotate("k1", KeySecrets.hash(second), Duration.ofHours(1));
      StoredKey revoked = store.keys().revoke("k1", "ci-admin");
      StoredKey again = store.keys().revoke("k1", "someone-else");

      assertThat(created.created()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
      assertThat(rotated.secretHash()).isEqualTo(KeySecrets.hash(second));
      assertThat(rotated.previousHash()).isEqualTo(KeySecrets.hash(first));
      // rotated at 00:05, the overlap one hour: the old secret valid until 01:05
      assertThat(rotated.previousUntil()).isEqualTo(Instant.parse("2026-01-01T01:05:00Z"));
      assertThat(revoked.revokedBy()).isEqualTo("ci-admin");
      assertThat(again).isEqualTo(revoked); // revoking twice changes nothing
      // three changes (create, rotate, revoke); the second revoke is none
      assertThat(store.latestChangeId()).isEqualTo(before + 3);
      assertThat(store.keys().keys()).containsExactly(revoked);
      assertThat(store.keys().unrevokedKeys()).isEmpty();
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void unknownAndRevokedKeys_refusedWithTheirCodes(TestDatabase.Kind kind) {
    try (TestDatabase database = TestDatabase.create(kind, tempDir);
        RegistryStore store = database.open(clock)) {
      store.keys().create("k1", "abcd1234", "00".repeat(32), "web", null, "ci-admin");
      store.keys().revoke("k1", "ci-admin");

      assertThatThrownBy(() -> store.keys().rotate("nope", "11".repeat(32), Duration.ZERO))
          .isInstanceOfSatisfying(
              TollgateException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.KEY_NOT_FOUND));
      assertThatThrownBy(() -> store.keys().revoke("nope", "ci-admin"))
          .isInstanceOfSatisfying(
              TollgateException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.KEY_NOT_FOUND));
      assertThatThrownBy(() -> store.keys().rotate("k1", "11".repeat(32), Duration.ZERO))
          .isInstanceOfSatisfying(
              TollgateException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.KEY_REVOKED));
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void touch_movesLastUsedForwardOnly_withoutAChange(TestDatabase.Kind kind) {
    try (TestDatabase database = TestDatabase.create(kind, tempDir);
        RegistryStore store = database.open(clock)) {
      store.keys().create("k1", "abcd1234", "00".repeat(32), "web", null, "ci-admin");
      long changes = store.latestChangeId();
      Instant later = Instant.parse("2026-01-01T00:10:00Z");
      store.keys().touch(Map.of("k1", later));
      store.keys().touch(Map.of("k1", Instant.parse("2026-01-01T00:02:00Z"))); // older: ignored

      assertThat(store.keys().find("k1").lastUsed()).isEqualTo(later);
      assertThat(store.latestChangeId()).isEqualTo(changes);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void issuedSecrets_nowhereInTheStore_onlyTheirHashes(TestDatabase.Kind kind)
      throws IOException, SQLException {
    List<String> secrets = new ArrayList<>();
    try (TestDatabase database = TestDatabase.create(kind, tempDir)) {
      try (RegistryStore store = database.open(clock)) {
        for (int i = 0; i < 3; i++) {
          String prefix = "pref000" + i;
          String secret = KeySecrets.newSecret(prefix);
          secrets.add(secret);
          store.keys().create("k" + i, prefix, KeySecrets.hash(secret), "web", null, "ci-admin");
        }
        String rotated = KeySecrets.newSecret("pref0000");
        secrets.add(rotated);
        store.keys().rotate("k0", KeySecrets.hash(rotated), Duration.ofHours(1));
        if (kind == TestDatabase.Kind.POSTGRES) {
          String tables = postgresText(database);
          assertThat(tables).contains(KeySecrets.hash(rotated)); // the search reads the rows
          for (String secret : secrets) {
            assertThat(tables).doesNotContain(secret).doesNotContain(secretPart(secret));
          }
        }
      }
      if (kind == TestDatabase.Kind.H2) {
        String files = filesText(tempDir);
        assertThat(files).contains(KeySecrets.hash(rotated(secrets))); // the journal's record
        for (String secret : secrets) {
          assertThat(files).doesNotContain(secret).doesNotContain(secretPart(secret));
        }
      }
    }
  }

  @Test
  void keys_surviveACleanRestart_anUncleanShutdown_andALostJournal() throws IOException {
    Path data = tempDir.resolve("data");
    String secret = KeySecrets.newSecret("abcd1234");
    List<StoredKey> written;
    try (RegistryStore store = RegistryStore.open(StoreSettings.h2In(data), clock)) {
      store.keys().create("k1", "abcd1234", KeySecrets.hash(secret), "web", null, "ci-admin");
      store.keys().create("k2", "efgh5678", "22".repeat(32), "partner", null, "ci-admin");
      store.keys().rotate("k1", "33".repeat(32), Duration.ofHours(1));
      store.keys().revoke("k2", "ci-admin");
      written = store.keys().keys();
    }
    try (RegistryStore store = RegistryStore.open(StoreSettings.h2In(data), clock)) {
      assertThat(store.keys().keys()).as("clean restart").isEqualTo(written);
    }
    // as a killed process leaves the folder: the marker says the H2 file cannot be trusted
    Files.writeString(data.resolve("registry.open"), "left by a killed process");
    try (RegistryStore store = RegistryStore.open(StoreSettings.h2In(data), clock)) {
      assertThat(store.keys().keys()).as("rebuilt from the journal").isEqualTo(written);
      assertThat(store.latestChangeId()).isEqualTo(4); // create, create, rotate, revoke
    }
    // a journal lost: written again from the tables, then the tables rebuilt from it
    Files.delete(data.resolve("registry.tgj"));
    try (RegistryStore store = RegistryStore.open(StoreSettings.h2In(data), clock)) {
      assertThat(store.keys().keys()).isEqualTo(written);
    }
    Files.delete(data.resolve("registry.mv.db"));
    try (RegistryStore store = RegistryStore.open(StoreSettings.h2In(data), clock)) {
      assertThat(store.keys().keys()).as("rebuilt from the rewritten journal").isEqualTo(written);
      assertThat(store.latestChangeId()).isEqualTo(4);
    }
  }

  /* ---- helpers ---- */

  private static String rotated(List<String> secrets) {
    return secrets.get(secrets.size() - 1);
  }

  /** The random part of a secret, after {@code tg_<prefix>_}. */
  private static String secretPart(String secret) {
    return secret.substring("tg_".length() + 8 + 1); // base64url may hold _ itself
  }

  /** Every file under {@code folder}, as ISO-8859-1 text (each byte one character). */
  private static String filesText(Path folder) throws IOException {
    StringBuilder text = new StringBuilder();
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        text.append(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)).append('\n');
      }
    }
    assertThat(text.length()).isGreaterThan(0);
    return text.toString();
  }

  /** Every row of the store's tables in the test schema, each as PostgreSQL's text of it. */
  private static String postgresText(TestDatabase database) throws SQLException {
    StringBuilder text = new StringBuilder();
    try (Connection connection = DriverManager.getConnection(database.config().jdbcUrl());
        Statement statement = connection.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT table_name FROM information_schema.tables WHERE table_schema ="
                  + " current_schema()")) {
        while (rows.next()) {
          tables.add(rows.getString(1));
        }
      }
      assertThat(tables).contains("api_keys", "changes");
      for (String table : tables) {
        try (ResultSet rows = statement.executeQuery("SELECT t::text FROM " + table + " t")) {
          while (rows.next()) {
            text.append(rows.getString(1)).append('\n');
          }
        }
      }
    }
    return text.toString();
  }
}
