package dev.tollgate.registry.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.pricelist.PriceList;
import dev.tollgate.registry.pricing.CostDirectives;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.pricing.PriceText;
import dev.tollgate.registry.publish.OperationReport;
import dev.tollgate.registry.publish.PublishReport;
import dev.tollgate.registry.store.AppSummary;
import dev.tollgate.registry.store.AppVersion;
import dev.tollgate.registry.store.DocumentAlias;
import dev.tollgate.registry.store.Measurements.Usage;
import dev.tollgate.registry.store.ReplacedPublication;
import dev.tollgate.registry.store.VersionContents;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The wire records of the {@code /v1} API and their mapping from the domain's records. Timestamps
 * are ISO-8601 strings.
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
      List<CustomIdBody> customIds) {
    static DocumentBody of(StoredDocument document) {
      return of(document, List.of());
    }

    static DocumentBody of(StoredDocument document, List<DocumentAlias> aliases) {
      List<OperationBody> operations = new ArrayList<>();
      document.operations().forEach(operation -> operations.add(OperationBody.of(operation)));
      List<CustomIdBody> customIds = new ArrayList<>();
      aliases.forEach(alias -> customIds.add(new CustomIdBody(alias.app(), alias.alias())));
      return new DocumentBody(
          document.hash().hex(),
          document.body(),
          document.created().toString(),
          operations,
          customIds);
    }
  }

  record CustomIdBody(String app, String id) {}

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
     * @param usage admitted requests by {@code <document id>/<operation name>}
     */
    static VersionContentsBody of(
        VersionContents contents, List<ReplacedPublication> replaced, Map<String, Usage> usage) {
      List<HistoryEntry> history = new ArrayList<>();
      replaced.forEach(entry -> history.add(HistoryEntry.of(entry)));
      AppVersion v = contents.version();
      List<VersionDocument> documents = new ArrayList<>();
      for (StoredDocument document : contents.documents()) {
        List<OperationSummary> operations = new ArrayList<>();
        for (StoredOperation operation : document.operations()) {
          String name = operation.name() == null ? "" : operation.name();
          Usage used = usage.get(document.hash().hex() + "/" + name);
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
   * @param requests admitted requests of the operation, flushed from every gateway
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
    static OperationSummary of(StoredOperation operation, @Nullable Usage usage) {
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

  record PriceListBody(
      String model,
      int defaultListSize,
      String fragmentSpreads,
      List<PriceBody> prices,
      Map<String, PolicyBody> policies) {
    static PriceListBody of(PriceList list) {
      List<PriceBody> prices = new ArrayList<>();
      for (CostDirectives.Price price : list.prices()) {
        CostDirectives.ListSize size = price.listSize();
        prices.add(
            new PriceBody(
                price.coordinate(),
                price.weight(),
                size == null
                    ? null
                    : new ListSizeBody(
                        size.assumedSize(),
                        size.slicingArguments(),
                        size.sizedFields(),
                        size.requireOneSlicingArgument())));
      }
      Map<String, PolicyBody> policies = new LinkedHashMap<>();
      list.policies()
          .forEach(
              (name, policy) ->
                  policies.put(
                      name,
                      new PolicyBody(
                          policy.mode(),
                          policy.limits().byKey(),
                          new BudgetBody(
                              policy.budget().capacity(),
                              policy.budget().refillPerSecond(),
                              policy.budget().onStoreFailure().name().toLowerCase(Locale.ROOT)))));
      return new PriceListBody(
          list.model(), list.defaultListSize(), list.fragmentSpreads(), prices, policies);
    }
  }

  record PriceBody(String coordinate, @Nullable Long cost, @Nullable ListSizeBody listSize) {}

  record ListSizeBody(
      @Nullable Integer assumedSize,
      List<String> slicingArguments,
      List<String> sizedFields,
      boolean requireOneSlicingArgument) {}

  /**
   * @param limits every entry of the {@link dev.tollgate.registry.limit.Limit} table by its config
   *     key, in table order
   */
  record PolicyBody(String mode, Map<String, Long> limits, BudgetBody budget) {}

  record BudgetBody(long capacity, double refillPerSecond, String onStoreFailure) {}

  /** Timestamps travel as ISO-8601 text ({@code 2026-11-29T12:00:00Z}). */
  private static @Nullable String text(@Nullable Instant instant) {
    return instant == null ? null : instant.toString();
  }

  private static String typeName(OperationKind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }
}
