package dev.tollgate.registry.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.error.TollgateException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit trail in the store (issue 27), on an H2 file with its journal: an attempt's entry is
 * written in its change's transaction and journaled right after it, or not at all when the change
 * fails; a journal written again from the tables puts each entry in the same place; and the tables
 * rebuilt from the journal hold the same entries.
 */
final class AuditTrailTest {

  private static final String HASH = "0".repeat(64);

  @TempDir Path dir;

  private final FakeClock clock = new FakeClock();

  @Test
  void attempt_entryWithItsChange_orAlone_journaledInCommitOrder() {
    StoreSettings settings = StoreSettings.h2In(dir.resolve("data"));
    List<String> live;
    List<String> exported;
    List<String> rebuilt;
    try (RegistryStore store = RegistryStore.open(settings, clock)) {
      attempt(
          store,
          "key.issue",
          "k1",
          () -> store.keys().create("k1", "aaaaaaaa", HASH, "web", null, "ops"));
      // a change that fails: no entry in its transaction; the caller records the refusal alone
      attempt(
          store,
          "key.rotate",
          "k9",
          () -> expectNotFound(() -> store.keys().rotate("k9", HASH, java.time.Duration.ZERO)));
      store
          .audit()
          .record("ops", "key.rotate", "k9", "refused: KEY_NOT_FOUND", "no key with id k9");
      // a change without an attempt (made at start-up, say): no entry
      store.keys().create("k2", "bbbbbbbb", "1".repeat(64), "web", null, "ops");
      exported =
          kinds(
              store
                  .jdbi()
                  .inTransaction(handle -> JournalReplay.export(handle.attach(RegistryDao.class))));
    }
    live = kinds(journal(settings));
    // the H2 file moved away: the next start rebuilds it from the journal
    H2Files files = H2Files.of(settings.jdbcUrl()).orElseThrow();
    try {
      Files.writeString(files.marker(), "killed");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    try (RegistryStore store = RegistryStore.open(settings, clock)) {
      rebuilt = new ArrayList<>();
      for (AuditEntry entry :
          store.audit().entries(new AuditQuery(null, null, null, null, Long.MAX_VALUE, 10))) {
        rebuilt.add(
            entry.actor() + " " + entry.action() + " " + entry.target() + " " + entry.outcome());
      }
    }

    assertThat(live)
        .containsExactly(
            "key",
            "audit ops key.issue k1 ok",
            "audit ops key.rotate k9 refused: KEY_NOT_FOUND",
            "key");
    assertThat(exported).isEqualTo(live);
    assertThat(rebuilt)
        .containsExactly("ops key.rotate k9 refused: KEY_NOT_FOUND", "ops key.issue k1 ok");
  }

  private static void attempt(RegistryStore store, String action, String target, Runnable change) {
    store.audit().begin(AuditTrail.attempt(() -> "ops", () -> action, () -> target));
    try {
      change.run();
    } finally {
      store.audit().end();
    }
  }

  private static void expectNotFound(Runnable change) {
    assertThatThrownBy(change::run)
        .isInstanceOf(TollgateException.class)
        .hasMessageContaining("no key with id");
  }

  private static List<JournalRecord> journal(StoreSettings settings) {
    H2Files files = H2Files.of(settings.jdbcUrl()).orElseThrow();
    List<JournalRecord> records = new ArrayList<>();
    for (byte[] payload : Journal.read(files.journal()).payloads()) {
      records.add(JournalRecord.decode(payload));
    }
    return records;
  }

  private static List<String> kinds(List<JournalRecord> records) {
    List<String> kinds = new ArrayList<>();
    for (JournalRecord record : records) {
      if (record instanceof JournalRecord.AuditRecorded audit) {
        AuditEntry entry = audit.entry();
        kinds.add(
            "audit "
                + entry.actor()
                + " "
                + entry.action()
                + " "
                + entry.target()
                + " "
                + entry.outcome());
      } else {
        kinds.add(
            record instanceof JournalRecord.KeySaved ? "key" : record.getClass().getSimpleName());
      }
    }
    return kinds;
  }
}
