package dev.tollgate.registry.store;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A token of the admin API issued at runtime (issue 27), as the store keeps it: never the secret,
 * only its SHA-256. Each change (issued, revoked) writes the row whole, as for {@link StoredKey}.
 *
 * @param id the token's public id, used in the routes
 * @param prefix the short public part of the secret ({@code tga_<prefix>_…}): the token's name in
 *     the audit trail and wherever a change records who made it
 * @param name a label chosen by the issuer (who or what holds the token)
 * @param scope {@code admin}, {@code publish} or {@code read}
 * @param createdBy who issued it (a token's name or prefix, never a token)
 * @param expires when it stops working; {@code null}: never
 */
public record StoredToken(
    String id,
    String prefix,
    String name,
    String scope,
    String secretHash,
    String createdBy,
    Instant created,
    @Nullable Instant expires,
    @Nullable String revokedBy,
    @Nullable Instant revoked) {

  /** Whether the token is accepted at {@code now}: not revoked, not expired. */
  public boolean activeAt(Instant now) {
    return revoked == null && (expires == null || now.isBefore(expires));
  }

  /** {@code active}, {@code expired} or {@code revoked} at {@code now}. */
  public String status(Instant now) {
    if (revoked != null) {
      return "revoked";
    }
    return activeAt(now) ? "active" : "expired";
  }

  StoredToken revokedAt(String by, Instant at) {
    return new StoredToken(
        id, prefix, name, scope, secretHash, createdBy, created, expires, by, at);
  }
}
