package dev.tollgate.registry.store;

import java.sql.SQLException;
import java.util.Set;

/**
 * Failures that a retry of the whole transaction can cure: a unique violation from a concurrent
 * insert of the same version, serialization failures, deadlocks and H2's lock timeouts.
 */
final class TransientFailures {

  private static final Set<String> STATES =
      Set.of(
          "23505", // unique violation: another transaction inserted the same key first
          "40001", // serialization failure (PostgreSQL), deadlock (H2)
          "40P01", // deadlock detected (PostgreSQL)
          "HYT00"); // lock timeout (H2)
  private static final int H2_CONCURRENT_UPDATE = 90131;

  private TransientFailures() {}

  static boolean isTransient(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql && isTransient(sql)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isTransient(SQLException e) {
    return STATES.contains(e.getSQLState()) || e.getErrorCode() == H2_CONCURRENT_UPDATE;
  }
}
