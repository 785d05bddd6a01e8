package dev.tollgate.registry.calibration;

import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.store.AppSummary;
import dev.tollgate.registry.store.AppVersion;
import dev.tollgate.registry.store.Measurements.VersionUsage;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.VersionContents;
import dev.tollgate.registry.store.VersionStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What of an app nobody used for {@code days} days: its active versions that served no request
 * since (or ever; a request counts for the version it was admitted under), and each operation of
 * its active versions' documents not run since, with the latest version holding it. What to retire.
 *
 * @param found whether the app exists
 */
public record UnusedReport(
    String app,
    int days,
    List<UnusedVersion> versions,
    List<UnusedDocument> documents,
    boolean found) {

  public UnusedReport {
    versions = List.copyOf(versions);
    documents = List.copyOf(documents);
  }

  public record UnusedVersion(String version, @Nullable Instant lastSeen) {}

  public record UnusedDocument(
      String id, @Nullable String name, String version, @Nullable Instant lastSeen) {}

  static UnusedReport of(
      RegistryStore store, String app, int days, VersionUsages usage, Instant now) {
    Instant since = now.minus(Duration.ofDays(days));
    Optional<AppSummary> summary =
        store.apps().stream().filter(a -> a.name().equals(app)).findFirst();
    if (summary.isEmpty()) {
      return new UnusedReport(app, days, List.of(), List.of(), false);
    }
    List<UnusedVersion> versions = new ArrayList<>();
    Map<String, UnusedDocument> documents = new LinkedHashMap<>();
    for (AppVersion version : summary.get().versions()) {
      if (version.status() != VersionStatus.ACTIVE) {
        continue;
      }
      VersionContents contents = store.findVersion(app, version.version()).orElseThrow();
      VersionUsages.Used used = usage.ofVersion(app, version.version());
      Instant versionSeen = used == null ? null : used.lastSeen();
      for (StoredDocument document : contents.documents()) {
        for (StoredOperation operation : document.operations()) {
          Instant seen = lastSeen(usage, app, document, operation);
          String key = document.hash().hex() + "/" + operation.name();
          documents.put(
              key,
              new UnusedDocument(document.hash().hex(), operation.name(), version.version(), seen));
        }
      }
      if (versionSeen == null || versionSeen.isBefore(since)) {
        versions.add(new UnusedVersion(version.version(), versionSeen));
      }
    }
    List<UnusedDocument> unused = new ArrayList<>();
    for (UnusedDocument document : documents.values()) {
      if (document.lastSeen() == null || document.lastSeen().isBefore(since)) {
        unused.add(document);
      }
    }
    return new UnusedReport(app, days, versions, unused, true);
  }

  /** The latest request of {@code operation}, counted for any version of {@code app}. */
  static @Nullable Instant lastSeen(
      VersionUsages usage, String app, StoredDocument document, StoredOperation operation) {
    String name = operation.name() == null ? "" : operation.name();
    Instant seen = null;
    for (VersionUsage row : usage.ofDocument(document.hash().hex())) {
      if (row.app().equals(app) && row.operation().equals(name)) {
        seen = latest(seen, row.lastSeen());
      }
    }
    return seen;
  }

  private static @Nullable Instant latest(@Nullable Instant a, @Nullable Instant b) {
    if (a == null) {
      return b;
    }
    return b == null || a.isAfter(b) ? a : b;
  }
}
