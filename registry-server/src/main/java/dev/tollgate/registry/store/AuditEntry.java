package dev.tollgate.registry.store;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One entry of the audit trail (issue 27): who tried which change of the admin API, on what, when,
 * and how it ended. It never holds a secret nor a token: the actor is a token's name (config file)
 * or prefix (issued at runtime), the target an app/version, a fingerprint or an id.
 *
 * @param id the entry's number, growing; 0 for an entry not stored yet
 * @param outcome {@code ok}, or {@code refused: <CODE>} with the refusal's message in {@code
 *     reason}
 * @param changeId how many changes the change log held when the entry was written
 */
public record AuditEntry(
    long id,
    String actor,
    String action,
    String target,
    Instant at,
    String outcome,
    @Nullable String reason,
    long changeId) {

  /** The outcome of a change made. */
  public static final String OK = "ok";

  /** The longest reason kept; a longer message is cut. */
  public static final int MAX_REASON = 500;

  /** The longest target kept (a path of a route not named); a longer one is cut. */
  public static final int MAX_TARGET = 300;

  public AuditEntry {
    if (actor.isBlank()) {
      throw new IllegalArgumentException("an audit entry's actor must not be blank");
    }
    if (action.isBlank()) {
      throw new IllegalArgumentException("an audit entry's action must not be blank");
    }
    if (reason != null && reason.length() > MAX_REASON) {
      reason = reason.substring(0, MAX_REASON - 1) + "…";
    }
    if (target.length() > MAX_TARGET) {
      target = target.substring(0, MAX_TARGET - 1) + "…";
    }
  }

  /** This entry as the change numbered {@code changeId} left it, at {@code at}. */
  AuditEntry stored(Instant at, long changeId) {
    return new AuditEntry(id, actor, action, target, at, outcome, reason, changeId);
  }
}
