package dev.tollgate.registry.http;

import dev.tollgate.registry.keys.KeySecrets;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.store.KeyStore;
import dev.tollgate.registry.store.StoredKey;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Set;

/**
 * API keys issued at runtime (issue 27), with an admin token: {@code POST /v1/keys} issues a key
 * for a policy of the config file and answers its secret, once; {@code GET /v1/keys} lists them
 * (never a secret nor a hash); {@code POST /v1/keys/{id}/rotate} gives a key a new secret, the old
 * one still valid for {@code overlapSeconds}; {@code DELETE /v1/keys/{id}} revokes it. Policies
 * stay in the config file, their one source of truth: a key names one.
 */
public final class KeyRoutes {

  private final KeyStore keys;
  private final Set<String> policies;
  private final AdminAuth auth;
  private final long maxBodyBytes;
  private final InstantSource clock;

  /**
   * @param policies the config's policies; a key may name any but the anonymous one
   */
  public KeyRoutes(
      KeyStore keys,
      List<KeyPolicy> policies,
      List<AdminToken> tokens,
      long maxBodyBytes,
      InstantSource clock) {
    this.keys = keys;
    this.policies =
        Set.copyOf(
            policies.stream()
                .map(KeyPolicy::name)
                .filter(name -> !name.equals(KeyPolicy.ANONYMOUS))
                .toList());
    this.auth = new AdminAuth(tokens);
    this.maxBodyBytes = maxBodyBytes;
    this.clock = clock;
  }

  public void register(JavalinConfig config) {
    config.routes.post("/v1/keys", this::issue);
    config.routes.get("/v1/keys", this::list);
    config.routes.post("/v1/keys/{id}/rotate", this::rotate);
    config.routes.delete("/v1/keys/{id}", this::revoke);
  }

  private void issue(Context ctx) {
    String admin = auth.require(ctx, AdminToken.Scope.ADMIN);
    KeyBodies.NewKey asked =
        KeyBodies.newKey(RequestBodies.read(ctx, maxBodyBytes), clock.instant());
    if (!policies.contains(asked.policy())) {
      throw RouteException.unknownPolicy(asked.policy(), policies);
    }
    String id = KeySecrets.newId();
    ctx.attribute(AuditRecorder.TARGET, id);
    String prefix = KeySecrets.newPrefix();
    String secret = KeySecrets.newSecret(prefix);
    StoredKey key =
        keys.create(id, prefix, KeySecrets.hash(secret), asked.policy(), asked.expires(), admin);
    ctx.status(HttpStatus.CREATED).json(KeyBodies.issued(key, secret));
  }

  private void list(Context ctx) {
    auth.require(ctx, AdminToken.Scope.ADMIN);
    ctx.json(KeyBodies.list(keys.keys(), clock.instant()));
  }

  private void rotate(Context ctx) {
    auth.require(ctx, AdminToken.Scope.ADMIN);
    Duration overlap = KeyBodies.overlap(RequestBodies.read(ctx, maxBodyBytes));
    String id = ctx.pathParam("id");
    String secret = KeySecrets.newSecret(keys.find(id).prefix());
    StoredKey rotated = keys.rotate(id, KeySecrets.hash(secret), overlap);
    ctx.status(HttpStatus.CREATED).json(KeyBodies.issued(rotated, secret));
  }

  private void revoke(Context ctx) {
    String admin = auth.require(ctx, AdminToken.Scope.ADMIN);
    StoredKey revoked = keys.revoke(ctx.pathParam("id"), admin);
    ctx.json(KeyBodies.listed(revoked, clock.instant()));
  }
}
