package dev.tollgate.registry.http;

import dev.tollgate.registry.auth.BearerCallers;
import dev.tollgate.registry.keys.KeySecrets;
import dev.tollgate.registry.keys.TokenRing;
import dev.tollgate.registry.store.StoredToken;
import dev.tollgate.registry.store.TokenStore;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.time.InstantSource;
import java.util.List;

/**
 * Tokens of the admin API issued at runtime (issue 27), by an admin token only: {@code POST
 * /v1/tokens} issues one ({@code admin}, {@code publish} or {@code read}) and answers its secret,
 * once; {@code GET /v1/tokens} lists them (never a secret nor a hash); {@code DELETE
 * /v1/tokens/{id}} revokes one. Before every {@code /v1} route, a bearer token that is an active
 * runtime token is put in the request for {@link AdminAuth}, so every route accepts it as it
 * accepts the config file's tokens.
 */
public final class TokenRoutes {

  private final TokenStore tokens;
  private final TokenRing ring;
  private final AdminAuth auth;
  private final long maxBodyBytes;
  private final InstantSource clock;

  public TokenRoutes(
      TokenStore tokens,
      TokenRing ring,
      List<AdminToken> configTokens,
      long maxBodyBytes,
      InstantSource clock) {
    this.tokens = tokens;
    this.ring = ring;
    this.auth = new AdminAuth(configTokens);
    this.maxBodyBytes = maxBodyBytes;
    this.clock = clock;
  }

  public void register(JavalinConfig config) {
    config.routes.before("*", this::identify);
    config.routes.post("/v1/tokens", this::issue);
    config.routes.get("/v1/tokens", this::list);
    config.routes.delete("/v1/tokens/{id}", this::revoke);
  }

  /** Puts the request's runtime token, when it is one and active, where {@link AdminAuth} looks. */
  private void identify(Context ctx) {
    if (!AdminAuth.adminRoute(ctx)) {
      return;
    }
    String presented = BearerCallers.token(ctx.header("Authorization"));
    if (presented == null) {
      return;
    }
    ring.find(presented)
        .ifPresent(
            token -> {
              AdminToken.Scope scope = TokenBodies.scope(token.scope());
              if (scope != null) {
                ctx.attribute(
                    AdminAuth.RUNTIME, new AdminAuth.RuntimeCredential(token.prefix(), scope));
              }
            });
  }

  private void issue(Context ctx) {
    String admin = auth.require(ctx, AdminToken.Scope.ADMIN);
    TokenBodies.NewToken asked =
        TokenBodies.newToken(RequestBodies.read(ctx, maxBodyBytes), clock.instant());
    String id = KeySecrets.newId();
    ctx.attribute(AuditRecorder.TARGET, id);
    String prefix = KeySecrets.newPrefix();
    String secret = KeySecrets.newSecret(KeySecrets.TOKEN_START, prefix);
    StoredToken token =
        tokens.issue(
            id,
            prefix,
            asked.name(),
            TokenBodies.scopeName(asked.scope()),
            KeySecrets.hash(secret),
            asked.expires(),
            admin);
    ring.load(tokens.unrevokedTokens());
    ctx.status(HttpStatus.CREATED).json(TokenBodies.issued(token, secret));
  }

  private void list(Context ctx) {
    auth.require(ctx, AdminToken.Scope.ADMIN);
    ctx.json(TokenBodies.list(tokens.tokens(), clock.instant()));
  }

  private void revoke(Context ctx) {
    String admin = auth.require(ctx, AdminToken.Scope.ADMIN);
    StoredToken revoked = tokens.revoke(ctx.pathParam("id"), admin);
    ring.load(tokens.unrevokedTokens());
    ctx.json(TokenBodies.listed(revoked, clock.instant()));
  }
}
