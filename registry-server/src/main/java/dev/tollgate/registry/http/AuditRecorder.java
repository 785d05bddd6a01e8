package dev.tollgate.registry.http;

import dev.tollgate.registry.error.TollgateException;
import dev.tollgate.registry.store.AuditEntry;
import dev.tollgate.registry.store.AuditTrail;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records every change attempted through the admin API in the audit trail (issue 27): each request
 * under {@code /v1} with a method other than GET, HEAD and OPTIONS, but dry runs. Before the route,
 * an attempt is begun (its action named from the method and path); the route authenticates the
 * caller ({@link AdminAuth#ACTOR}) and, where the path does not say it, names the target ({@link
 * #TARGET}); the store writes the entry with the change, in its transaction. After the route, an
 * attempt that wrote no entry (refused: its code and message; or a change that changed nothing) is
 * written on its own. An attempt whose caller was never authenticated (no token, an unknown one) is
 * not recorded: the trail says what holders of tokens did, and a stranger cannot fill it.
 */
final class AuditRecorder {

  private static final Logger LOG = LoggerFactory.getLogger(AuditRecorder.class);

  /** The request attribute a route sets to name its target (an id known once it is made). */
  static final String TARGET = "tollgate.auditTarget";

  /** The request attribute a route sets to name its action more precisely (a rollback). */
  static final String ACTION = "tollgate.auditAction";

  private static final String BEGUN = "tollgate.auditBegun";

  /** Each audited route: its method, its path, the action, and the group of the path naming it. */
  private record Route(HandlerType method, Pattern path, String action, int target) {
    Route(HandlerType method, String path, String action, int target) {
      this(method, Pattern.compile(path), action, target);
    }
  }

  private static final List<Route> ROUTES =
      List.of(
          new Route(HandlerType.POST, "/v1/apps/([^/]+/versions/[^/]+)", "publish", 1),
          new Route(HandlerType.DELETE, "/v1/apps/([^/]+/versions/[^/]+)", "retire", 1),
          new Route(HandlerType.POST, "/v1/schemas", "schema.publish", 0),
          new Route(HandlerType.POST, "/v1/schemas/([^/]+)/activate", "schema.activate", 1),
          new Route(HandlerType.POST, "/v1/keys", "key.issue", 0),
          new Route(HandlerType.POST, "/v1/keys/([^/]+)/rotate", "key.rotate", 1),
          new Route(HandlerType.DELETE, "/v1/keys/([^/]+)", "key.revoke", 1),
          new Route(HandlerType.POST, "/v1/tokens", "token.issue", 0),
          new Route(HandlerType.DELETE, "/v1/tokens/([^/]+)", "token.revoke", 1));

  private final AuditTrail trail;

  AuditRecorder(AuditTrail trail) {
    this.trail = trail;
  }

  void register(JavalinConfig config) {
    config.routes.before("*", this::begin);
    config.routes.after("*", this::end);
  }

  private void begin(Context ctx) {
    HandlerType method = ctx.method();
    if (!AdminAuth.adminRoute(ctx)
        || method == HandlerType.GET
        || method == HandlerType.HEAD
        || method == HandlerType.OPTIONS
        || isDryRun(ctx)) {
      return;
    }
    Route route = route(method, ctx.path());
    String action = route == null ? method.name().toLowerCase(Locale.ROOT) : route.action();
    String target = route == null ? ctx.path() : target(route, ctx.path());
    AuditTrail.Attempt attempt =
        AuditTrail.attempt(
            () -> ctx.attribute(AdminAuth.ACTOR),
            () -> orElse(ctx.attribute(ACTION), action),
            () -> orElse(ctx.attribute(TARGET), target));
    ctx.attribute(BEGUN, attempt);
    trail.begin(attempt);
  }

  private void end(Context ctx) {
    AuditTrail.Attempt attempt = ctx.attribute(BEGUN);
    if (attempt == null) {
      return;
    }
    boolean recorded = trail.end();
    String actor = ctx.attribute(AdminAuth.ACTOR);
    if (recorded || actor == null) {
      return;
    }
    TollgateException refusal = ctx.attribute(HttpErrors.REFUSAL);
    int status = ctx.statusCode();
    String outcome = AuditEntry.OK;
    String reason = null;
    if (status >= 400) {
      outcome = "refused: " + (refusal == null ? "HTTP_" + status : refusal.code());
      reason = refusal == null ? null : refusal.getMessage();
    }
    try {
      trail.record(actor, attempt.action(), attempt.target(), outcome, reason);
    } catch (RuntimeException e) {
      LOG.warn("cannot write the audit entry of {} {} by {}", ctx.method(), ctx.path(), actor, e);
    }
  }

  private static @Nullable Route route(HandlerType method, String path) {
    for (Route route : ROUTES) {
      if (route.method() == method && route.path().matcher(path).matches()) {
        return route;
      }
    }
    return null;
  }

  private static String target(Route route, String path) {
    if (route.target() == 0) {
      return "";
    }
    Matcher matcher = route.path().matcher(path);
    return matcher.matches() ? matcher.group(route.target()).replace("/versions/", "/") : "";
  }

  private static boolean isDryRun(Context ctx) {
    String dryRun = ctx.queryParam("dryRun");
    return dryRun != null && (dryRun.isEmpty() || dryRun.equals("true"));
  }

  private static String orElse(@Nullable String value, String fallback) {
    return value == null ? fallback : value;
  }
}
