package dev.tollgate.registry.store;

import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jdbi.v3.sqlobject.transaction.Transaction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes what a publication that never completed left behind, before the store serves anything.
 *
 * <p>A publication writes its version, documents, operations and links in one transaction and its
 * {@code publish} row in {@code changes} last. PostgreSQL never shows part of a transaction, but
 * H2's file store, killed with {@code kill -9} in the middle of a large publication, was seen to
 * come back with a prefix of it (a version without its change row, documents without operations:
 * {@code issues/KillDuringPublishTest}). So at start: a version without its {@code publish} row is
 * removed with its links, then every document no version links (each stored document belongs to at
 * least one version: dry runs store nothing and versions are retired, never deleted) is removed
 * with its operations, then apps left without versions. The manifest is then "not stored", and
 * publishing it again stores it whole.
 */
interface CrashRepair {

  Logger LOG = LoggerFactory.getLogger(CrashRepair.class);

  @SqlUpdate(
      "DELETE FROM version_documents WHERE version_id IN (SELECT v.id FROM app_versions v WHERE NOT EXISTS "
          + "(SELECT 1 FROM changes c WHERE c.kind = 'publish' AND c.app = v.app AND c.version = v.version))")
  int unlinkUnfinishedVersions();

  @SqlUpdate(
      "DELETE FROM app_versions v WHERE NOT EXISTS "
          + "(SELECT 1 FROM changes c WHERE c.kind = 'publish' AND c.app = v.app AND c.version = v.version)")
  int deleteUnfinishedVersions();

  @SqlUpdate(
      "DELETE FROM operations WHERE document_id NOT IN (SELECT document_id FROM version_documents)")
  int deleteOrphanOperations();

  @SqlUpdate("DELETE FROM documents WHERE id NOT IN (SELECT document_id FROM version_documents)")
  int deleteOrphanDocuments();

  @SqlUpdate(
      "DELETE FROM apps a WHERE NOT EXISTS (SELECT 1 FROM app_versions v WHERE v.app = a.name)")
  int deleteEmptyApps();

  @Transaction
  default void repair() {
    int links = unlinkUnfinishedVersions();
    int versions = deleteUnfinishedVersions();
    int operations = deleteOrphanOperations();
    int documents = deleteOrphanDocuments();
    int apps = deleteEmptyApps();
    if (links + versions + operations + documents + apps > 0) {
      LOG.warn(
          "removed an unfinished publication: {} versions, {} links, {} documents, {} operations, {} apps",
          versions,
          links,
          documents,
          operations,
          apps);
    }
  }
}
