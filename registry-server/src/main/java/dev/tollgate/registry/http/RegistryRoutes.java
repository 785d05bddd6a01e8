package dev.tollgate.registry.http;

import dev.tollgate.registry.calibration.Calibration;
import dev.tollgate.registry.calibration.VersionUsages;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.document.DocumentIds;
import dev.tollgate.registry.http.AppBodies.AppsBody;
import dev.tollgate.registry.http.AppBodies.VersionBody;
import dev.tollgate.registry.http.AppBodies.VersionContentsBody;
import dev.tollgate.registry.http.AppBodies.VersionPageBody;
import dev.tollgate.registry.http.PriceListBodies.PriceListBody;
import dev.tollgate.registry.http.RegistryBodies.DocumentBody;
import dev.tollgate.registry.http.RegistryBodies.PublishReportBody;
import dev.tollgate.registry.pricelist.PriceList;
import dev.tollgate.registry.publish.PublishReport;
import dev.tollgate.registry.publish.Publisher;
import dev.tollgate.registry.publish.VersionRef;
import dev.tollgate.registry.store.AppSummary;
import dev.tollgate.registry.store.AppVersion;
import dev.tollgate.registry.store.DocumentAlias;
import dev.tollgate.registry.store.RegistryStore;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The registry API, {@code /v1}. Publishing needs a token of scope publish or admin, retiring one
 * of scope admin; reading documents, apps and versions needs any valid token; the price list is
 * public. Retiring a version that served requests within {@code registry.retireProtectionDays} is
 * refused (409 {@code VERSION_IN_USE}, with the figures) unless {@code ?force=true}.
 */
public final class RegistryRoutes {

  private final Publisher publisher;
  private final RegistryStore store;
  private final Supplier<PriceListBody> priceList;
  private final AdminAuth auth;
  private final long maxBodyBytes;
  private final Calibration usage;
  private final int retireProtectionDays;

  /**
   * @param maxBodyBytes the largest manifest accepted (413 above); the server's {@code
   *     http.maxBodyBytes}
   * @param usage requests and last use of every registered operation per version (measured cost's
   *     usage counters)
   * @param retireProtectionDays {@code registry.retireProtectionDays}
   */
  public RegistryRoutes(
      Publisher publisher,
      RegistryStore store,
      PriceList priceList,
      List<AdminToken> tokens,
      long maxBodyBytes,
      Calibration usage,
      int retireProtectionDays) {
    this(publisher, store, () -> priceList, tokens, maxBodyBytes, usage, retireProtectionDays);
  }

  /**
   * As the other constructor, with the price list of the active schema, read on each request (the
   * supplier may memoise it per schema).
   */
  public RegistryRoutes(
      Publisher publisher,
      RegistryStore store,
      Supplier<PriceList> priceList,
      List<AdminToken> tokens,
      long maxBodyBytes,
      Calibration usage,
      int retireProtectionDays) {
    this.publisher = publisher;
    this.store = store;
    this.priceList = () -> PriceListBody.of(priceList.get());
    this.auth = new AdminAuth(tokens);
    this.maxBodyBytes = maxBodyBytes;
    this.usage = usage;
    this.retireProtectionDays = retireProtectionDays;
  }

  public void register(JavalinConfig config) {
    config.routes.post("/v1/apps/{app}/versions/{version}", this::publish);
    config.routes.get("/v1/apps/{app}/versions/{version}", this::version);
    config.routes.delete("/v1/apps/{app}/versions/{version}", this::retire);
    config.routes.get("/v1/apps", this::apps);
    config.routes.get("/v1/apps/{app}/versions", this::versions);
    config.routes.get("/v1/documents/{id}", this::document);
    config.routes.get("/v1/price-list", this::priceList);
  }

  private void publish(Context ctx) {
    String publisherName = auth.require(ctx, AdminToken.Scope.PUBLISH);
    VersionRef ref = versionRef(ctx);
    boolean dryRun = flag(ctx, "dryRun");
    PublishReport report =
        publisher.publish(ref, RequestBodies.read(ctx, maxBodyBytes), publisherName, dryRun);
    ctx.status(report.created() ? HttpStatus.CREATED : HttpStatus.OK);
    ctx.json(PublishReportBody.of(report));
  }

  private void version(Context ctx) {
    auth.reader(ctx);
    VersionRef ref = versionRef(ctx);
    ctx.json(
        VersionContentsBody.of(
            store
                .findVersion(ref.app(), ref.version())
                .orElseThrow(() -> RouteException.versionNotFound(ref.app(), ref.version())),
            store.history(ref.app(), ref.version()),
            usage.versionUsage()));
  }

  private void retire(Context ctx) {
    String admin = auth.require(ctx, AdminToken.Scope.ADMIN);
    VersionRef ref = versionRef(ctx);
    if (!flag(ctx, "force")) {
      usage
          .inUse(ref.app(), ref.version(), retireProtectionDays)
          .ifPresent(
              inUse -> {
                throw RouteException.versionInUse(ref.app(), ref.version(), inUse);
              });
    }
    AppVersion retired = store.retire(ref.app(), ref.version(), admin);
    ctx.json(VersionBody.of(retired));
  }

  private void apps(Context ctx) {
    auth.reader(ctx);
    ctx.json(AppsBody.of(store.apps()));
  }

  /**
   * The versions of an app, newest first, {@code ?limit=} (1 to 500, default 50) from {@code
   * ?offset=} (default 0), with the total, the operations each holds and the requests counted for
   * each.
   */
  private void versions(Context ctx) {
    auth.reader(ctx);
    String app = ctx.pathParam("app");
    VersionRef.requireApp(app);
    AppSummary summary =
        store.apps().stream()
            .filter(a -> a.name().equals(app))
            .findFirst()
            .orElseThrow(() -> RouteException.appNotFound(app));
    int limit = CalibrationRoutes.number(ctx, "limit", 50, 1, 500);
    int offset = CalibrationRoutes.number(ctx, "offset", 0, 0, Integer.MAX_VALUE);
    List<AppVersion> newestFirst = new ArrayList<>(summary.versions());
    Collections.reverse(newestFirst);
    int from = Math.min(offset, newestFirst.size());
    int to = Math.min(newestFirst.size(), from + limit);
    ctx.json(
        VersionPageBody.of(
            app,
            newestFirst.size(),
            offset,
            limit,
            newestFirst.subList(from, to),
            store.operationCounts(app),
            usage.versionUsage()));
  }

  /**
   * A document by its SHA-256 id, or by a custom id of {@code ?app=}; with the custom ids active
   * versions give it (only those of {@code ?app=} when given).
   */
  private void document(Context ctx) {
    auth.reader(ctx);
    String id = ctx.pathParam("id");
    @Nullable String app = ctx.queryParam("app");
    if (app != null) {
      VersionRef.requireApp(app);
    }
    DocumentHash hash = documentHash(id, app);
    StoredDocument document =
        store.findDocument(hash).orElseThrow(() -> RouteException.documentNotFound(id));
    List<DocumentAlias> aliases = new ArrayList<>();
    for (DocumentAlias alias : store.aliasesOf(hash)) {
      if (app == null || alias.app().equals(app)) {
        aliases.add(alias);
      }
    }
    VersionUsages used = usage.versionUsage();
    ctx.json(DocumentBody.of(document, aliases, used.ofDocument(hash.hex())));
  }

  private DocumentHash documentHash(String id, @Nullable String app) {
    if (DocumentHash.looksLikeHash(id)) {
      return DocumentHash.parse(id);
    }
    String alias = DocumentIds.requireCustom(id);
    if (app == null) {
      throw RouteException.customIdWithoutApp(alias);
    }
    return store
        .findAliased(app, alias)
        .orElseThrow(() -> RouteException.documentNotFound(alias + " in app " + app));
  }

  private void priceList(Context ctx) {
    ctx.json(priceList.get());
  }

  private static VersionRef versionRef(Context ctx) {
    return new VersionRef(ctx.pathParam("app"), ctx.pathParam("version"));
  }

  static boolean flag(Context ctx, String name) {
    @Nullable String value = ctx.queryParam(name);
    if (value == null || value.equals("false")) {
      return false;
    }
    if (value.equals("true") || value.isEmpty()) {
      return true;
    }
    throw RouteException.badParameter(name, value);
  }
}
