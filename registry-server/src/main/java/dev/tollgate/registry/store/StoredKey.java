package dev.tollgate.registry.store;

import dev.tollgate.registry.catalog.IssuedKey;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * An API key as the store keeps it (issue 27): never its secret, only the SHA-256 of it. The row is
 * the key's whole state; each change (issued, rotated, revoked) writes it whole, so a journal
 * record of the row replays to the same state whatever came before it.
 *
 * @param id the key's public id, used in the admin routes
 * @param prefix the short public part of the secret ({@code tg_<prefix>_…}), the same across
 *     rotations, to recognise the key in lists and logs
 * @param secretHash lowercase hex SHA-256 of the current secret (the whole {@code tg_…} string)
 * @param policy the name of a policy of the config file
 * @param createdBy the name of the admin token that issued it (never the token)
 * @param expires when it stops working; {@code null}: never
 * @param lastUsed to the minute, written about once a minute by each gateway; a hint, not an audit
 * @param previousHash after a rotation, the previous secret's hash, valid until {@code
 *     previousUntil}
 */
public record StoredKey(
    String id,
    String prefix,
    String secretHash,
    String policy,
    String createdBy,
    Instant created,
    @Nullable Instant expires,
    @Nullable String revokedBy,
    @Nullable Instant revoked,
    @Nullable Instant lastUsed,
    @Nullable Instant rotated,
    @Nullable String previousHash,
    @Nullable Instant previousUntil) {

  /** Where a key stands at {@code now}. */
  public enum Status {
    ACTIVE,
    EXPIRED,
    REVOKED
  }

  public Status status(Instant now) {
    if (revoked != null) {
      return Status.REVOKED;
    }
    return expires != null && !now.isBefore(expires) ? Status.EXPIRED : Status.ACTIVE;
  }

  /** What a gateway or an in-process instance checks a presented key against. */
  public IssuedKey issued() {
    return new IssuedKey(id, prefix, policy, secretHash, expires, previousHash, previousUntil);
  }

  /** This key with a new secret; the current one stays valid until {@code until}. */
  StoredKey rotatedTo(String newHash, Instant at, Instant until) {
    return new StoredKey(
        id,
        prefix,
        newHash,
        policy,
        createdBy,
        created,
        expires,
        revokedBy,
        revoked,
        lastUsed,
        at,
        secretHash,
        until);
  }

  StoredKey revokedAt(String by, Instant at) {
    return new StoredKey(
        id,
        prefix,
        secretHash,
        policy,
        createdBy,
        created,
        expires,
        by,
        at,
        lastUsed,
        rotated,
        previousHash,
        previousUntil);
  }
}
