package dev.tollgate.registry.store.internal;

import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.store.AppVersion;
import java.time.Instant;
import org.jdbi.v3.core.mapper.Nested;
import org.jdbi.v3.core.mapper.reflect.ColumnName;
import org.jspecify.annotations.Nullable;

/**
 * The store's rows as records, mapped by Jdbi's constructor mapper and bound by their accessors
 * ({@code @BindMethods}); column names are those of {@code V1__registry.sql}, in camel case. Public
 * only because Jdbi reflects on them: nothing outside {@code store} uses them.
 */
public final class Rows {

  private Rows() {}

  /** A document row without its operations. */
  public record DocumentRow(@ColumnName("id") DocumentHash hash, String body, Instant created) {}

  /**
   * An operation row: the {@code ordinal}-th operation of its document. Flat, not a nested {@link
   * StoredOperation}: Jdbi prepares the binding of flat properties once per batch, while nested
   * ones are looked up again on every row (a publication binds thousands).
   */
  public record OperationRow(
      DocumentHash documentId,
      int ordinal,
      @Nullable String name,
      OperationKind kind,
      String price,
      long cost,
      int depth,
      int aliases,
      int tokens,
      String schemaFingerprint) {

    public static OperationRow of(DocumentHash documentId, int ordinal, StoredOperation operation) {
      return new OperationRow(
          documentId,
          ordinal,
          operation.name(),
          operation.kind(),
          operation.price(),
          operation.cost(),
          operation.depth(),
          operation.aliases(),
          operation.tokens(),
          operation.schemaFingerprint());
    }

    public StoredOperation operation() {
      return new StoredOperation(
          name, kind, price, cost, depth, aliases, tokens, schemaFingerprint);
    }
  }

  /** A version row with its surrogate id (for {@code version_documents}). */
  public record VersionRow(long id, @Nested AppVersion version) {}

  /** An app row. */
  public record AppRow(String name, Instant created) {}

  /** One row of the change log, in the order it was written. */
  public record ChangeRow(String kind, String app, String version, Instant at) {}

  /** One operation of an active version, with its document's text, as registered. */
  public record ActiveOperationRow(
      String app,
      String version,
      DocumentHash documentId,
      String body,
      int ordinal,
      @Nullable String name,
      OperationKind kind,
      String price,
      long cost,
      int depth,
      int aliases,
      int tokens,
      String schemaFingerprint) {

    public StoredOperation operation() {
      return new StoredOperation(
          name, kind, price, cost, depth, aliases, tokens, schemaFingerprint);
    }
  }

  /** One (document, app) pair of an active version. */
  public record DocumentApp(DocumentHash documentId, String app) {}
}
