package dev.tollgate.registry.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.pricing.PriceText;
import dev.tollgate.registry.publish.OperationReport;
import dev.tollgate.registry.publish.PublishReport;
import dev.tollgate.registry.store.DocumentAlias;
import dev.tollgate.registry.store.Measurements.VersionUsage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The wire records of the {@code /v1} API's publish report and documents, and their mapping from
 * the domain's records; the helpers the other bodies of {@code /v1} share. The apps and versions
 * are {@link AppBodies}, the price list {@link PriceListBodies}. Timestamps are ISO-8601 strings.
 */
final class RegistryBodies {

  private RegistryBodies() {}

  record PublishReportBody(
      String app, String version, boolean dryRun, List<ReportedOperation> operations) {
    static PublishReportBody of(PublishReport report) {
      List<ReportedOperation> operations = new ArrayList<>();
      for (OperationReport operation : report.operations()) {
        operations.add(
            new ReportedOperation(
                operation.id().hex(),
                operation.name(),
                typeName(operation.kind()),
                operation.cost(),
                operation.depth(),
                operation.aliases(),
                operation.isNew() ? "new" : "existing",
                operation.customIds(),
                operation.affordable(),
                operation.affordable() ? null : operation.limits(),
                operation.introspection() ? Boolean.TRUE : null));
      }
      return new PublishReportBody(report.app(), report.version(), report.dryRun(), operations);
    }
  }

  /**
   * @param customIds the manifest's custom ids (aliases) of the document, sorted
   * @param affordable false when no policy allowed to run the app admits {@code cost}
   * @param limits only when not affordable: each such policy's cost limit, by policy name
   * @param introspection {@code true} when the document selects {@code __schema}/{@code __type} (it
   *     runs by id under any policy allowed the app), else left out
   */
  record ReportedOperation(
      String id,
      @Nullable String name,
      String type,
      long cost,
      int depth,
      int aliases,
      String status,
      List<String> customIds,
      boolean affordable,
      @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Map<String, Long> limits,
      @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Boolean introspection) {}

  /**
   * @param customIds the custom ids (aliases) that active versions give the document, by app
   */
  record DocumentBody(
      String id,
      String body,
      String created,
      List<OperationBody> operations,
      List<CustomIdBody> customIds,
      List<ServedByBody> servedBy) {
    static DocumentBody of(StoredDocument document) {
      return of(document, List.of(), List.of());
    }

    /**
     * @param servedBy the versions its requests were counted for, per operation
     */
    static DocumentBody of(
        StoredDocument document, List<DocumentAlias> aliases, List<VersionUsage> servedBy) {
      List<OperationBody> operations = new ArrayList<>();
      document.operations().forEach(operation -> operations.add(OperationBody.of(operation)));
      List<CustomIdBody> customIds = new ArrayList<>();
      aliases.forEach(alias -> customIds.add(new CustomIdBody(alias.app(), alias.alias())));
      return new DocumentBody(
          document.hash().hex(),
          document.body(),
          document.created().toString(),
          operations,
          customIds,
          servedBy.stream().map(ServedByBody::of).toList());
    }
  }

  record CustomIdBody(String app, String id) {}

  /** Requests of an operation of the document counted for one version. */
  record ServedByBody(
      String app, String version, @Nullable String operation, long requests, String lastSeen) {
    static ServedByBody of(VersionUsage usage) {
      return new ServedByBody(
          usage.app(),
          usage.version(),
          usage.operation().isEmpty() ? null : usage.operation(),
          usage.requests(),
          usage.lastSeen().toString());
    }
  }

  record OperationBody(
      @Nullable String name,
      String type,
      long cost,
      int depth,
      int aliases,
      int tokens,
      String price,
      String priceText,
      String schemaFingerprint) {
    static OperationBody of(StoredOperation operation) {
      return new OperationBody(
          operation.name(),
          typeName(operation.kind()),
          operation.cost(),
          operation.depth(),
          operation.aliases(),
          operation.tokens(),
          operation.price(),
          priceText(operation.price()),
          operation.schemaFingerprint());
    }

    /** The cost as readable arithmetic; a price this version cannot read is shown as stored. */
    private static String priceText(String price) {
      try {
        return PriceText.cost(price);
      } catch (IllegalArgumentException e) {
        return price;
      }
    }
  }

  /** Timestamps travel as ISO-8601 text ({@code 2026-11-29T12:00:00Z}). */
  static @Nullable String text(@Nullable Instant instant) {
    return instant == null ? null : instant.toString();
  }

  static String typeName(OperationKind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }
}
