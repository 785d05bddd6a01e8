package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.RegistryBodies.text;
import static dev.tollgate.registry.http.RegistryBodies.typeName;

import dev.tollgate.registry.calibration.VersionUsages;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.store.AppSummary;
import dev.tollgate.registry.store.AppVersion;
import dev.tollgate.registry.store.ReplacedPublication;
import dev.tollgate.registry.store.VersionContents;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The wire records of the {@code /v1} API's apps and versions, and their mapping from the store's
 * records. Timestamps are ISO-8601 strings.
 */
final class AppBodies {

  private AppBodies() {}

  record AppsBody(List<AppBody> apps) {
    static AppsBody of(List<AppSummary> apps) {
      List<AppBody> bodies = new ArrayList<>();
      for (AppSummary app : apps) {
        List<VersionBody> versions = new ArrayList<>();
        app.versions().forEach(version -> versions.add(VersionBody.of(version)));
        bodies.add(new AppBody(app.name(), app.created().toString(), versions));
      }
      return new AppsBody(bodies);
    }
  }

  record AppBody(String name, String created, List<VersionBody> versions) {}

  record VersionBody(
      String app,
      String version,
      String status,
      String created,
      String publishedBy,
      @Nullable String retired,
      @Nullable String retiredBy) {
    static VersionBody of(AppVersion version) {
      return new VersionBody(
          version.app(),
          version.version(),
          version.status().name().toLowerCase(Locale.ROOT),
          version.created().toString(),
          version.publishedBy(),
          text(version.retired()),
          version.retiredBy());
    }
  }

  record VersionContentsBody(
      String app,
      String version,
      String status,
      String created,
      String publishedBy,
      @Nullable String retired,
      @Nullable String retiredBy,
      List<VersionDocument> documents,
      List<HistoryEntry> history) {
    /**
     * @param replaced the earlier publications of a SNAPSHOT version, oldest first
     * @param usage admitted requests per version, each counted for the version it was admitted
     *     under
     */
    static VersionContentsBody of(
        VersionContents contents, List<ReplacedPublication> replaced, VersionUsages usage) {
      List<HistoryEntry> history = new ArrayList<>();
      replaced.forEach(entry -> history.add(HistoryEntry.of(entry)));
      AppVersion v = contents.version();
      List<VersionDocument> documents = new ArrayList<>();
      for (StoredDocument document : contents.documents()) {
        List<OperationSummary> operations = new ArrayList<>();
        for (StoredOperation operation : document.operations()) {
          String name = operation.name() == null ? "" : operation.name();
          VersionUsages.Used used = usage.of(v.app(), v.version(), document.hash().hex(), name);
          operations.add(OperationSummary.of(operation, used));
        }
        documents.add(new VersionDocument(document.hash().hex(), operations));
      }
      return new VersionContentsBody(
          v.app(),
          v.version(),
          v.status().name().toLowerCase(Locale.ROOT),
          v.created().toString(),
          v.publishedBy(),
          text(v.retired()),
          v.retiredBy(),
          documents,
          history);
    }
  }

  /** A replaced publication of a SNAPSHOT version. */
  record HistoryEntry(
      String manifestFingerprint,
      String publishedBy,
      String published,
      String replacedBy,
      String replaced) {
    static HistoryEntry of(ReplacedPublication entry) {
      return new HistoryEntry(
          entry.manifestFingerprint(),
          entry.publishedBy(),
          entry.published().toString(),
          entry.replacedBy(),
          entry.replaced().toString());
    }
  }

  record VersionDocument(String id, List<OperationSummary> operations) {}

  /**
   * One page of an app's versions, newest first ({@code GET /v1/apps/{app}/versions}).
   *
   * @param total how many versions the app has
   */
  record VersionPageBody(
      String app, int total, int offset, int limit, List<VersionUsageBody> versions) {
    static VersionPageBody of(
        String app,
        int total,
        int offset,
        int limit,
        List<AppVersion> page,
        Map<String, Long> operations,
        VersionUsages usage) {
      List<VersionUsageBody> versions = new ArrayList<>();
      for (AppVersion version : page) {
        VersionUsages.Used used = usage.ofVersion(app, version.version());
        VersionBody body = VersionBody.of(version);
        versions.add(
            new VersionUsageBody(
                body.version(),
                body.status(),
                body.created(),
                body.publishedBy(),
                body.retired(),
                body.retiredBy(),
                operations.getOrDefault(version.version(), 0L),
                used == null ? 0 : used.requests(),
                used == null ? null : used.lastSeen().toString()));
      }
      return new VersionPageBody(app, total, offset, limit, versions);
    }
  }

  /**
   * A version with the operations it holds and the requests counted for it.
   *
   * @param requests answered requests admitted under this version, from every gateway
   */
  record VersionUsageBody(
      String version,
      String status,
      String created,
      String publishedBy,
      @Nullable String retired,
      @Nullable String retiredBy,
      long operations,
      long requests,
      @Nullable String lastSeen) {}

  /**
   * @param requests admitted requests of the operation counted for this version, flushed from every
   *     gateway
   * @param lastSeen when the latest of them was admitted, ISO-8601; {@code null} when never
   */
  record OperationSummary(
      @Nullable String name,
      String type,
      long cost,
      int depth,
      int aliases,
      long requests,
      @Nullable String lastSeen) {
    static OperationSummary of(StoredOperation operation, VersionUsages.@Nullable Used usage) {
      return new OperationSummary(
          operation.name(),
          typeName(operation.kind()),
          operation.cost(),
          operation.depth(),
          operation.aliases(),
          usage == null ? 0 : usage.requests(),
          usage == null ? null : usage.lastSeen().toString());
    }
  }
}
