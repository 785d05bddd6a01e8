package dev.tollgate.registry.store;

import dev.tollgate.registry.document.DocumentHash;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.argument.AbstractArgumentFactory;
import org.jdbi.v3.core.argument.Argument;
import org.jdbi.v3.core.config.ConfigRegistry;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.mapper.reflect.ConstructorMapper;
import org.jdbi.v3.core.spi.JdbiPlugin;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * The store's own column types: a {@link DocumentHash} is its hex text, a {@link VersionStatus} its
 * lower-case name; and the {@link VersionRow}, which stays package-private (Jdbi's reflection needs
 * public types; this mapper builds it directly). Installed once on the store's {@link Jdbi}, so no
 * statement converts by hand.
 */
final class StoreTypes implements JdbiPlugin {

  @Override
  public void customizeJdbi(Jdbi jdbi) {
    jdbi.registerArgument(new DocumentHashArgument());
    jdbi.registerColumnMapper(
        DocumentHash.class, (rs, column, ctx) -> new DocumentHash(rs.getString(column)));
    jdbi.registerColumnMapper(
        VersionStatus.class, (rs, column, ctx) -> VersionStatus.ofColumn(rs.getString(column)));
    jdbi.registerRowMapper(VersionRow.class, new VersionRows());
  }

  /** {@code id} and the {@link AppVersion} of an {@code app_versions} row. */
  private static final class VersionRows implements RowMapper<VersionRow> {
    private final RowMapper<AppVersion> versions = ConstructorMapper.of(AppVersion.class);

    @Override
    public VersionRow map(ResultSet rs, StatementContext ctx) throws SQLException {
      return specialize(rs, ctx).map(rs, ctx);
    }

    @Override
    public RowMapper<VersionRow> specialize(ResultSet rs, StatementContext ctx)
        throws SQLException {
      RowMapper<AppVersion> version = versions.specialize(rs, ctx);
      return (row, context) -> new VersionRow(row.getLong("id"), version.map(row, context));
    }
  }

  private static final class DocumentHashArgument extends AbstractArgumentFactory<DocumentHash> {
    DocumentHashArgument() {
      super(Types.VARCHAR);
    }

    @Override
    protected Argument build(DocumentHash value, ConfigRegistry config) {
      return (position, statement, ctx) -> statement.setString(position, value.hex());
    }
  }
}
