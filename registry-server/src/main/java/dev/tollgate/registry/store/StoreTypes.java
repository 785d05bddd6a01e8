package dev.tollgate.registry.store;

import dev.tollgate.registry.document.DocumentHash;
import java.sql.Types;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.argument.AbstractArgumentFactory;
import org.jdbi.v3.core.argument.Argument;
import org.jdbi.v3.core.config.ConfigRegistry;
import org.jdbi.v3.core.spi.JdbiPlugin;

/**
 * The store's own column types: a {@link DocumentHash} is its hex text, a {@link VersionStatus} its
 * lower-case name. Installed once on the store's {@link Jdbi}, so no statement converts by hand.
 */
final class StoreTypes implements JdbiPlugin {

  @Override
  public void customizeJdbi(Jdbi jdbi) {
    jdbi.registerArgument(new DocumentHashArgument());
    jdbi.registerColumnMapper(
        DocumentHash.class, (rs, column, ctx) -> new DocumentHash(rs.getString(column)));
    jdbi.registerColumnMapper(
        VersionStatus.class, (rs, column, ctx) -> VersionStatus.ofColumn(rs.getString(column)));
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
