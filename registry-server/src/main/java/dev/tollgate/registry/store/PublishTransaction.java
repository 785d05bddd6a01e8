package dev.tollgate.registry.store;

import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The statements of one publication, run inside the store's transaction. Documents are inserted in
 * hash order (so two publications lock shared rows in the same order and cannot deadlock) and only
 * when absent; a document's operations are inserted by the transaction that inserted the document.
 */
final class PublishTransaction {

  private final RegistryDao dao;
  private final Timestamp now;

  PublishTransaction(RegistryDao dao, Timestamp now) {
    this.dao = dao;
    this.now = now;
  }

  PublishOutcome run(Publication publication) {
    dao.insertAppIfAbsent(publication.app(), now);
    Optional<VersionRow> existing = dao.findVersion(publication.app(), publication.version());
    long versionId;
    if (existing.isPresent()) {
      AppVersion stored = existing.get().version();
      requirePublishable(stored, publication.manifestFingerprint(), publication.replaceable());
      if (stored.manifestFingerprint().equals(publication.manifestFingerprint())) {
        return new PublishOutcome(false, Set.of());
      }
      versionId = replace(existing.get().id(), publication);
    } else {
      versionId =
          dao.insertVersion(
              publication.app(),
              publication.version(),
              publication.manifestFingerprint(),
              publication.publishedBy(),
              now);
    }
    List<NewDocument> documents = new ArrayList<>(publication.documents());
    documents.sort(Comparator.comparing(document -> document.hash().hex()));
    Set<DocumentHash> inserted = insertDocuments(documents);
    insertOperations(documents, inserted);
    dao.linkDocuments(versionId, hashes(documents));
    VersionAliases.store(dao, publication.app(), versionId, publication.aliases());
    dao.insertChange("publish", publication.app(), publication.version(), now);
    return new PublishOutcome(true, inserted);
  }

  /**
   * A stored version may be published again only while active, and only with the same manifest
   * unless it is {@code replaceable} (a SNAPSHOT version).
   */
  static void requirePublishable(
      AppVersion stored, String manifestFingerprint, boolean replaceable) {
    if (!replaceable && !stored.manifestFingerprint().equals(manifestFingerprint)) {
      throw StoreException.versionConflict(stored.app(), stored.version());
    }
    if (stored.status() == VersionStatus.RETIRED) {
      throw StoreException.versionRetired(stored.app(), stored.version());
    }
  }

  /**
   * Replaces a SNAPSHOT version's manifest: the stored publication goes to {@code version_history},
   * the version's aliases are dropped and its documents unlinked (they stay registered), and the
   * new ones are linked by {@link #run}.
   */
  private long replace(long versionId, Publication publication) {
    dao.recordReplaced(versionId, publication.publishedBy(), now);
    dao.replaceVersion(
        versionId, publication.manifestFingerprint(), publication.publishedBy(), now);
    dao.deleteAliasesOfVersion(versionId);
    dao.unlinkDocuments(versionId);
    return versionId;
  }

  private Set<DocumentHash> insertDocuments(List<NewDocument> documents) {
    int[] counts = dao.insertDocumentsIfAbsent(documents, now);
    Set<DocumentHash> inserted = new LinkedHashSet<>();
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] > 0) {
        inserted.add(documents.get(i).hash());
      }
    }
    return inserted;
  }

  private void insertOperations(List<NewDocument> documents, Set<DocumentHash> inserted) {
    List<DocumentHash> owners = new ArrayList<>();
    List<Integer> ordinals = new ArrayList<>();
    List<StoredOperation> operations = new ArrayList<>();
    for (NewDocument document : documents) {
      if (inserted.contains(document.hash())) {
        int ordinal = 0;
        for (StoredOperation operation : document.operations()) {
          owners.add(document.hash());
          ordinals.add(ordinal++);
          operations.add(operation);
        }
      }
    }
    if (!operations.isEmpty()) {
      dao.insertOperations(owners, ordinals, operations);
    }
  }

  private static List<DocumentHash> hashes(List<NewDocument> documents) {
    List<DocumentHash> hashes = new ArrayList<>(documents.size());
    for (NewDocument document : documents) {
      hashes.add(document.hash());
    }
    return hashes;
  }
}
