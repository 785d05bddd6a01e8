package dev.tollgate.registry.store;

import dev.tollgate.registry.store.internal.Rows.AppRow;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Apps and their versions: publications (stored whole or not at all), retirements, and what a
 * version holds. Documented where {@link RegistryStore} offers it.
 */
final class VersionStore {

  private final StoreTransactions transactions;

  VersionStore(StoreTransactions transactions) {
    this.transactions = transactions;
  }

  PublishOutcome publish(Publication publication) {
    PublishOutcome outcome =
        transactions.write(
            dao -> {
              Timestamp now = transactions.now();
              PublishOutcome result = new PublishTransaction(dao, now).run(publication);
              if (result.created()) {
                transactions.journal(new JournalRecord.Published(publication, now.toInstant()));
              }
              return result;
            });
    if (outcome.created()) {
      transactions.notifyListeners();
    }
    return outcome;
  }

  AppVersion retire(String app, String version, String retiredBy) {
    boolean[] changed = new boolean[1];
    AppVersion retired =
        transactions.write(
            dao -> {
              VersionRow row =
                  dao.findVersion(app, version)
                      .orElseThrow(() -> StoreException.versionNotFound(app, version));
              Timestamp now = transactions.now();
              changed[0] = dao.retireVersion(row.id(), retiredBy, now) > 0;
              if (changed[0]) {
                dao.insertChange("retire", app, version, now);
                transactions.journal(
                    new JournalRecord.Retired(app, version, retiredBy, now.toInstant()));
              }
              return dao.findVersion(app, version).orElseThrow().version();
            });
    if (changed[0]) {
      transactions.notifyListeners();
    }
    return retired;
  }

  List<AppSummary> apps() {
    return transactions.readInTransaction(
        dao -> {
          Map<String, List<AppVersion>> versions = new LinkedHashMap<>();
          for (VersionRow row : dao.versions()) {
            versions
                .computeIfAbsent(row.version().app(), app -> new ArrayList<>())
                .add(row.version());
          }
          List<AppSummary> apps = new ArrayList<>();
          for (AppRow app : dao.apps()) {
            apps.add(
                new AppSummary(
                    app.name(), app.created(), versions.getOrDefault(app.name(), List.of())));
          }
          return apps;
        });
  }

  Optional<VersionContents> checkPublishable(
      String app, String version, String manifestFingerprint, boolean replaceable) {
    Optional<VersionContents> stored = findVersion(app, version);
    if (stored.isEmpty()) {
      return stored;
    }
    AppVersion contents = stored.get().version();
    PublishTransaction.requirePublishable(contents, manifestFingerprint, replaceable);
    return contents.manifestFingerprint().equals(manifestFingerprint) ? stored : Optional.empty();
  }

  Map<String, Long> operationCounts(String app) {
    return transactions.read(dao -> dao.operationCounts(app));
  }

  List<ReplacedPublication> history(String app, String version) {
    return transactions.read(dao -> dao.history(app, version));
  }

  Optional<VersionContents> findVersion(String app, String version) {
    return transactions.readInTransaction(
        dao -> dao.findVersion(app, version).map(row -> VersionReader.contents(dao, row)));
  }
}
