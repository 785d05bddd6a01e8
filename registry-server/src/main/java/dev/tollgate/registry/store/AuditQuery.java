package dev.tollgate.registry.store;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A page of the audit trail: the entries matching every filter given, newest first.
 *
 * @param since entries at or after it; {@code until} entries before it
 * @param before only entries with an id below it (the cursor of the previous page); {@link
 *     Long#MAX_VALUE} for the first page
 * @param limit how many entries at most, 1 or more
 */
public record AuditQuery(
    @Nullable String actor,
    @Nullable String action,
    @Nullable Instant since,
    @Nullable Instant until,
    long before,
    int limit) {

  public AuditQuery {
    if (limit < 1) {
      throw new IllegalArgumentException("an audit page holds at least 1 entry: " + limit);
    }
  }
}
