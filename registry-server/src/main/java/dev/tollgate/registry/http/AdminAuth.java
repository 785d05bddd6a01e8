package dev.tollgate.registry.http;

import dev.tollgate.registry.auth.BearerCallers;
import dev.tollgate.registry.document.Sha256;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Bearer tokens of the {@code /v1} API. Tokens are kept and compared only as SHA-256 digests, with
 * {@link MessageDigest#isEqual} against every configured token (no early exit), and never logged.
 * Missing or malformed credentials are 401; an unknown token or too small a scope is 403; two
 * {@code Authorization} (or {@code X-API-Key}) lines are 400 ({@link RepeatedCredentials}). A token
 * of scope read may call only the routes that follow the registry ({@link #follower}).
 *
 * <p>Besides the config file's tokens, a token issued at runtime (issue 27) is accepted when {@link
 * TokenRoutes}' before-handler found it in the request ({@link #RUNTIME}); its name is its public
 * prefix. Whoever is authenticated is put in the request as {@link #ACTOR}, for the audit trail.
 */
final class AdminAuth {

  /**
   * Whether {@code ctx} is on an admin route ({@code /v1/...}). The before and after handlers of
   * those routes are added for every path ({@code *}) and ask this: Javalin matches a pattern such
   * as {@code /v1/*} against each request with a fresh regex {@code Matcher}, three of them on
   * every {@code /graphql} request, where this is one comparison.
   */
  static boolean adminRoute(Context ctx) {
    return ctx.path().startsWith("/v1/");
  }

  /** The request attribute of a runtime token's {@link RuntimeCredential}, set before the route. */
  static final String RUNTIME = "tollgate.runtimeToken";

  /** The request attribute naming the authenticated caller (a token's name or prefix). */
  static final String ACTOR = "tollgate.actor";

  private final List<Credential> credentials = new ArrayList<>();

  AdminAuth(List<AdminToken> tokens) {
    for (AdminToken token : tokens) {
      credentials.add(new Credential(token.name(), token.scope(), digest(token.token())));
    }
  }

  /** The name of the caller's token when it may read the registry (scope publish or admin). */
  String reader(Context ctx) {
    return notReadOnly(authenticate(ctx)).name();
  }

  /** The scope of the caller's token, for the console to show or hide what it may not do. */
  AdminToken.Scope scope(Context ctx) {
    return notReadOnly(authenticate(ctx)).scope();
  }

  /**
   * The name of the caller's token when it may follow the registry (its snapshot and change feed,
   * and the measurements an in-process instance sends back): scope read or admin.
   */
  String follower(Context ctx) {
    Credential credential = authenticate(ctx);
    if (credential.scope() == AdminToken.Scope.PUBLISH) {
      throw RouteException.forbidden(
          "token " + credential.name() + " has scope publish; this route needs read or admin");
    }
    return credential.name();
  }

  /** The name of the caller's token when its scope is {@code required} or wider. */
  String require(Context ctx, AdminToken.Scope required) {
    Credential credential = notReadOnly(authenticate(ctx));
    if (required == AdminToken.Scope.ADMIN && credential.scope() != AdminToken.Scope.ADMIN) {
      throw RouteException.forbidden(
          "token "
              + credential.name()
              + " has scope "
              + credential.scope().name().toLowerCase(java.util.Locale.ROOT)
              + "; this route needs admin");
    }
    return credential.name();
  }

  private static Credential notReadOnly(Credential credential) {
    if (credential.scope() == AdminToken.Scope.READ) {
      throw RouteException.forbidden(
          "token "
              + credential.name()
              + " has scope read, which may only follow the registry (GET /v1/registry/snapshot"
              + " and /v1/registry/changes, POST /v1/registry/measurements)");
    }
    return credential;
  }

  private Credential authenticate(Context ctx) {
    String repeated =
        RepeatedCredentials.refusal(name -> Collections.list(ctx.req().getHeaders(name)).size());
    if (repeated != null) {
      throw RouteException.badHeaders(repeated);
    }
    String token = BearerCallers.token(ctx.header("Authorization"));
    if (token == null) {
      ctx.header("WWW-Authenticate", "Bearer");
      throw RouteException.unauthenticated();
    }
    Credential match = find(digest(token));
    RuntimeCredential runtime = ctx.attribute(RUNTIME);
    if (match == null && runtime != null) {
      match = new Credential(runtime.prefix(), runtime.scope(), new byte[0]);
    }
    if (match == null) {
      throw RouteException.forbidden("the bearer token is not valid");
    }
    ctx.attribute(ACTOR, match.name());
    return match;
  }

  private @Nullable Credential find(byte[] presented) {
    Credential match = null;
    for (Credential credential : credentials) {
      if (MessageDigest.isEqual(credential.digest(), presented) && match == null) {
        match = credential;
      }
    }
    return match;
  }

  private static byte[] digest(String token) {
    return Sha256.digest(token.getBytes(StandardCharsets.UTF_8));
  }

  private record Credential(String name, AdminToken.Scope scope, byte[] digest) {}

  /** A token issued at runtime, found in the request: its public prefix and its scope. */
  record RuntimeCredential(String prefix, AdminToken.Scope scope) {}
}
