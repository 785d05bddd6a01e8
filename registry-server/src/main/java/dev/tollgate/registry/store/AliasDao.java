package dev.tollgate.registry.store;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.store.internal.AliasRow;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The statements of custom document ids ({@code version_aliases}, {@code
 * V2__document_aliases.sql}), part of {@link RegistryDao}. "Active" is always the aliases of active
 * versions: a retired version's aliases stay stored, like its documents, but name nothing.
 */
@RegisterConstructorMapper(AliasRow.class)
interface AliasDao {

  String ACTIVE =
      " FROM version_aliases va JOIN app_versions v ON v.id = va.version_id"
          + " WHERE v.status = 'active'";

  /**
   * Locks the app's row until the transaction ends, so that two publications of one app check their
   * aliases one after the other (PostgreSQL's read committed would let both pass).
   */
  @SqlQuery("SELECT name FROM apps WHERE name = :app FOR UPDATE")
  Optional<String> lockApp(@Bind("app") String app);

  @SqlBatch(
      "INSERT INTO version_aliases (version_id, alias, document_id)"
          + " VALUES (:versionId, :alias, :documentId)")
  void insertAliases(
      @Bind("versionId") long versionId,
      @Bind("alias") List<String> aliases,
      @Bind("documentId") List<DocumentHash> documents);

  /** Drops a version's aliases, as a SNAPSHOT version's manifest is replaced. */
  @SqlUpdate("DELETE FROM version_aliases WHERE version_id = :versionId")
  void deleteAliasesOfVersion(@Bind("versionId") long versionId);

  @SqlQuery(
      "SELECT DISTINCT va.alias, v.app, va.document_id"
          + ACTIVE
          + " AND v.app = :app AND va.alias IN (<aliases>)")
  List<AliasRow> activeAliasesOf(
      @Bind("app") String app, @BindList("aliases") Collection<String> aliases);

  /** As {@link #activeAliasesOf}, leaving out {@code version} (a SNAPSHOT version to replace). */
  @SqlQuery(
      "SELECT DISTINCT va.alias, v.app, va.document_id"
          + ACTIVE
          + " AND v.app = :app AND v.version <> :version AND va.alias IN (<aliases>)")
  List<AliasRow> activeAliasesOfOtherVersions(
      @Bind("app") String app,
      @Bind("version") String version,
      @BindList("aliases") Collection<String> aliases);

  @SqlQuery("SELECT DISTINCT va.alias, v.app, va.document_id" + ACTIVE)
  List<AliasRow> activeAliases();

  @SqlQuery(
      "SELECT DISTINCT va.alias, v.app, va.document_id"
          + ACTIVE
          + " AND va.document_id = :id ORDER BY v.app, va.alias")
  List<AliasRow> activeAliasesOfDocument(@Bind("id") DocumentHash id);

  @SqlQuery(
      "SELECT va.alias, v.app, va.document_id FROM version_aliases va"
          + " JOIN app_versions v ON v.id = va.version_id WHERE va.version_id = :versionId"
          + " ORDER BY va.alias")
  List<AliasRow> aliasesOfVersion(@Bind("versionId") long versionId);
}
