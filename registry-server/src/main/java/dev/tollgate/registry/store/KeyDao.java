package dev.tollgate.registry.store;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The statements of API keys (V6): each change writes the key's row whole. */
@RegisterConstructorMapper(StoredKey.class)
interface KeyDao {

  String COLUMNS =
      "id, prefix, secret_hash, policy, created_by, created, expires, revoked_by, revoked,"
          + " last_used, rotated, previous_hash, previous_until";

  @SqlUpdate(
      "INSERT INTO api_keys ("
          + COLUMNS
          + ") VALUES (:id, :prefix, :secretHash, :policy, :createdBy, :created, :expires,"
          + " :revokedBy, :revoked, :lastUsed, :rotated, :previousHash, :previousUntil)")
  void insertKey(@BindMethods StoredKey key);

  /** Everything but {@code last_used}, which only the gateways' usage writes move forward. */
  @SqlUpdate(
      "UPDATE api_keys SET prefix = :prefix, secret_hash = :secretHash, policy = :policy,"
          + " created_by = :createdBy, created = :created, expires = :expires,"
          + " revoked_by = :revokedBy, revoked = :revoked, rotated = :rotated,"
          + " previous_hash = :previousHash, previous_until = :previousUntil WHERE id = :id")
  int updateKey(@BindMethods StoredKey key);

  @SqlQuery("SELECT " + COLUMNS + " FROM api_keys WHERE id = :id")
  Optional<StoredKey> findKey(@Bind("id") String id);

  @SqlQuery("SELECT " + COLUMNS + " FROM api_keys ORDER BY created, id")
  List<StoredKey> keys();

  /** The keys a gateway may still accept: not revoked (expiry is checked on each request). */
  @SqlQuery("SELECT " + COLUMNS + " FROM api_keys WHERE revoked IS NULL")
  List<StoredKey> unrevokedKeys();

  /** Moves {@code last_used} forward, never back (two gateways write it). */
  @SqlBatch(
      "UPDATE api_keys SET last_used = :at WHERE id = :id AND (last_used IS NULL OR last_used <"
          + " :at)")
  void touchKeys(@Bind("id") List<String> ids, @Bind("at") List<Instant> at);

  @SqlUpdate("INSERT INTO changes (kind, app, version, at) VALUES ('key', '', :id, :at)")
  void insertKeyChange(@Bind("id") String id, @Bind("at") Instant at);
}
