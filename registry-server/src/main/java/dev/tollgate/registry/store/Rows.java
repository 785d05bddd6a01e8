package dev.tollgate.registry.store;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import org.jdbi.v3.core.Jdbi;
import org.jspecify.annotations.Nullable;

/** Row mappers for the store's tables; the column names are those of {@code V1__registry.sql}. */
final class Rows {

  private Rows() {}

  /** A document row without its operations. */
  record DocumentRow(DocumentHash hash, String body, Instant created) {}

  /** An operation row keyed by its document. */
  record OperationRow(DocumentHash document, StoredOperation operation) {}

  /** A version row with its surrogate id (for {@code version_documents}). */
  record VersionRow(long id, AppVersion version) {}

  /** An app row. */
  record AppRow(String name, Instant created) {}

  /** One (document, app) pair of an active version. */
  record DocumentApp(String documentId, String app) {}

  /** Registers a mapper for each row record. */
  static void register(Jdbi jdbi) {
    jdbi.registerRowMapper(DocumentRow.class, (rs, ctx) -> document(rs));
    jdbi.registerRowMapper(OperationRow.class, (rs, ctx) -> operation(rs));
    jdbi.registerRowMapper(VersionRow.class, (rs, ctx) -> version(rs));
    jdbi.registerRowMapper(AppRow.class, (rs, ctx) -> app(rs));
    jdbi.registerRowMapper(DocumentApp.class, (rs, ctx) -> new DocumentApp(rs.getString(1), rs.getString(2)));
  }

  static DocumentRow document(ResultSet rs) throws SQLException {
    return new DocumentRow(new DocumentHash(rs.getString("id")), rs.getString("body"), instant(rs, "created"));
  }

  static OperationRow operation(ResultSet rs) throws SQLException {
    StoredOperation operation = new StoredOperation(
        rs.getString("name"),
        OperationKind.valueOf(rs.getString("kind")),
        rs.getString("price"),
        rs.getLong("cost"),
        rs.getInt("depth"),
        rs.getInt("aliases"),
        rs.getInt("tokens"),
        rs.getString("schema_fingerprint"));
    return new OperationRow(new DocumentHash(rs.getString("document_id")), operation);
  }

  static VersionRow version(ResultSet rs) throws SQLException {
    AppVersion version = new AppVersion(
        rs.getString("app"),
        rs.getString("version"),
        VersionStatus.ofColumn(rs.getString("status")),
        rs.getString("manifest_fingerprint"),
        rs.getString("published_by"),
        instant(rs, "created"),
        rs.getString("retired_by"),
        nullableInstant(rs, "retired"));
    return new VersionRow(rs.getLong("id"), version);
  }

  static AppRow app(ResultSet rs) throws SQLException {
    return new AppRow(rs.getString("name"), instant(rs, "created"));
  }

  private static Instant instant(ResultSet rs, String column) throws SQLException {
    Instant value = nullableInstant(rs, column);
    if (value == null) {
      throw new SQLException("column " + column + " is null");
    }
    return value;
  }

  private static @Nullable Instant nullableInstant(ResultSet rs, String column) throws SQLException {
    Timestamp value = rs.getTimestamp(column);
    return value == null ? null : value.toInstant();
  }
}
