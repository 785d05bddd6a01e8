package dev.tollgate.registry.store;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The statements of admin tokens issued at runtime (V7): each change writes the row whole. */
@RegisterConstructorMapper(StoredToken.class)
interface TokenDao {

  String TOKEN_COLUMNS =
      "id, prefix, name, scope, secret_hash, created_by, created, expires, revoked_by, revoked";

  @SqlUpdate(
      "INSERT INTO admin_tokens ("
          + TOKEN_COLUMNS
          + ") VALUES (:id, :prefix, :name, :scope, :secretHash, :createdBy, :created, :expires,"
          + " :revokedBy, :revoked)")
  void insertToken(@BindMethods StoredToken token);

  @SqlUpdate(
      "UPDATE admin_tokens SET revoked_by = :revokedBy, revoked = :revoked, expires = :expires"
          + " WHERE id = :id")
  int updateToken(@BindMethods StoredToken token);

  @SqlQuery("SELECT " + TOKEN_COLUMNS + " FROM admin_tokens WHERE id = :id")
  Optional<StoredToken> findToken(@Bind("id") String id);

  @SqlQuery("SELECT " + TOKEN_COLUMNS + " FROM admin_tokens ORDER BY created, id")
  List<StoredToken> tokens();

  @SqlQuery("SELECT " + TOKEN_COLUMNS + " FROM admin_tokens WHERE revoked IS NULL")
  List<StoredToken> unrevokedTokens();

  @SqlUpdate("INSERT INTO changes (kind, app, version, at) VALUES ('token', '', :id, :at)")
  void insertTokenChange(@Bind("id") String id, @Bind("at") Instant at);
}
