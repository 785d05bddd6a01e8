package dev.tollgate.registry.store.internal;

import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import java.time.Instant;
import org.jdbi.v3.core.mapper.Nested;
import org.jdbi.v3.core.mapper.reflect.ColumnName;

/**
 * The store's rows as records, mapped by Jdbi's constructor mapper; column names are those of
 * {@code V1__registry.sql}, in camel case. An operation's columns map straight to a nested {@link
 * StoredOperation}. Public only because Jdbi reflects on them: nothing outside {@code store} uses
 * them, and they name no type of {@code store} (which imports this package, never the reverse).
 */
public final class Rows {

  private Rows() {}

  /** A document row without its operations. */
  public record DocumentRow(@ColumnName("id") DocumentHash hash, String body, Instant created) {}

  /** An operation row with the document it belongs to. */
  public record DocumentOperation(DocumentHash documentId, @Nested StoredOperation operation) {}

  /** An app row. */
  public record AppRow(String name, Instant created) {}

  /** One row of the change log, in the order it was written. */
  public record ChangeRow(String kind, String app, String version, Instant at) {}

  /** One operation of an active version, as registered (its document's text is read apart). */
  public record ActiveOperationRow(
      String app,
      String version,
      DocumentHash documentId,
      int ordinal,
      @Nested StoredOperation operation) {}

  /** One (document, app) pair of an active version. */
  public record DocumentApp(DocumentHash documentId, String app) {}
}
