package dev.tollgate.registry.store;

import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.store.internal.AliasRow;
import dev.tollgate.registry.store.internal.Rows.DocumentApp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Registered documents as the gateway reads them: by hash, with their operations priced under the
 * active schema; which apps hold them; and the custom ids (aliases) active versions give them.
 * Documented where {@link RegistryStore} offers it.
 */
final class DocumentStore {

  private static final int IN_LIST_CHUNK = 500;

  private final StoreTransactions transactions;

  DocumentStore(StoreTransactions transactions) {
    this.transactions = transactions;
  }

  Optional<StoredDocument> findDocument(DocumentHash hash) {
    return transactions.read(
        dao ->
            dao.findDocument(hash)
                .map(
                    row ->
                        new StoredDocument(
                            row.hash(),
                            row.body(),
                            row.created(),
                            ActivePrices.of(dao, hash, dao.operationsOf(hash)))));
  }

  Set<DocumentHash> existingDocuments(Collection<DocumentHash> hashes) {
    List<DocumentHash> ids = List.copyOf(hashes);
    return transactions.read(
        dao -> {
          Set<DocumentHash> existing = new HashSet<>();
          for (int from = 0; from < ids.size(); from += IN_LIST_CHUNK) {
            existing.addAll(
                dao.existingDocuments(
                    ids.subList(from, Math.min(ids.size(), from + IN_LIST_CHUNK))));
          }
          return existing;
        });
  }

  Map<DocumentHash, Set<String>> activeDocumentApps() {
    Map<DocumentHash, Set<String>> apps = new LinkedHashMap<>();
    for (DocumentApp pair : transactions.read(RegistryDao::activeDocumentApps)) {
      apps.computeIfAbsent(pair.documentId(), hash -> new HashSet<>()).add(pair.app());
    }
    apps.replaceAll((hash, names) -> Set.copyOf(names));
    return Collections.unmodifiableMap(apps);
  }

  Map<String, Map<String, DocumentHash>> activeAliases() {
    Map<String, Map<String, DocumentHash>> aliases = new HashMap<>();
    for (AliasRow row : transactions.read(RegistryDao::activeAliases)) {
      aliases
          .computeIfAbsent(row.alias(), alias -> new HashMap<>())
          .put(row.app(), row.documentId());
    }
    aliases.replaceAll((alias, apps) -> Map.copyOf(apps));
    return Collections.unmodifiableMap(aliases);
  }

  Optional<DocumentHash> findAliased(String app, String alias) {
    List<AliasRow> rows = transactions.read(dao -> dao.activeAliasesOf(app, List.of(alias)));
    return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0).documentId());
  }

  List<DocumentAlias> aliasesOf(DocumentHash hash) {
    List<DocumentAlias> aliases = new ArrayList<>();
    for (AliasRow row : transactions.read(dao -> dao.activeAliasesOfDocument(hash))) {
      aliases.add(new DocumentAlias(row.app(), row.alias(), row.documentId()));
    }
    return aliases;
  }

  /** {@code exceptVersion}: the version whose own aliases do not count, or null for none. */
  void checkAliases(String app, @Nullable String exceptVersion, Map<String, DocumentHash> aliases) {
    if (!aliases.isEmpty()) {
      transactions.use(dao -> VersionAliases.requireNoConflict(dao, app, aliases, exceptVersion));
    }
  }

  /**
   * Every gateway's poll, once per {@code refreshMillis}: a plain query, not through {@link
   * RegistryDao}, whose attachment makes Jdbi copy its configuration for each of the interface's
   * methods (about 4 MB allocated a minute by one idle gateway's poll).
   */
  long latestChangeId() {
    return transactions.count(RegistryDao.LATEST_CHANGE_ID);
  }
}
