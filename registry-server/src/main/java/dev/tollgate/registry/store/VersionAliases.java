package dev.tollgate.registry.store;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.store.internal.AliasRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The custom document ids of one publication, checked and stored inside its transaction: within an
 * app, an alias names one document among the active versions, so an alias that an active version
 * gives to another document is a conflict, and nothing of the publication is stored.
 */
final class VersionAliases {

  private static final int IN_LIST_CHUNK = 500;

  private VersionAliases() {}

  /**
   * Checks {@code aliases} against the app's active versions, with the app's row locked so that
   * concurrent publications of one app check one after the other, then stores them.
   *
   * @throws StoreException {@code ALIAS_CONFLICT} naming the alias and both documents
   */
  static void store(AliasDao dao, String app, long versionId, Map<String, DocumentHash> aliases) {
    if (aliases.isEmpty()) {
      return;
    }
    dao.lockApp(app);
    requireNoConflict(dao, app, aliases);
    List<String> names = new ArrayList<>(aliases.keySet());
    List<DocumentHash> documents = new ArrayList<>(aliases.values());
    dao.insertAliases(versionId, names, documents);
  }

  /**
   * @throws StoreException {@code ALIAS_CONFLICT} when an active version of {@code app} gives one
   *     of {@code aliases} to another document
   */
  static void requireNoConflict(AliasDao dao, String app, Map<String, DocumentHash> aliases) {
    requireNoConflict(dao, app, aliases, null);
  }

  /**
   * As {@link #requireNoConflict(AliasDao, String, Map)}, leaving out the aliases of {@code
   * exceptVersion} when given: those of a version that the publication replaces.
   */
  static void requireNoConflict(
      AliasDao dao, String app, Map<String, DocumentHash> aliases, @Nullable String exceptVersion) {
    List<String> names = new ArrayList<>(aliases.keySet());
    List<Conflict> conflicts = new ArrayList<>();
    for (int from = 0; from < names.size(); from += IN_LIST_CHUNK) {
      List<String> chunk = names.subList(from, Math.min(names.size(), from + IN_LIST_CHUNK));
      List<AliasRow> active =
          exceptVersion == null
              ? dao.activeAliasesOf(app, chunk)
              : dao.activeAliasesOfOtherVersions(app, exceptVersion, chunk);
      for (AliasRow row : active) {
        DocumentHash wanted = aliases.get(row.alias());
        if (wanted != null && !wanted.equals(row.documentId())) {
          conflicts.add(new Conflict(row.alias(), row.documentId(), wanted));
        }
      }
    }
    if (!conflicts.isEmpty()) {
      throw StoreException.aliasConflict(app, conflicts);
    }
  }

  /** An alias that an active version gives to {@code activeId} and the manifest to another id. */
  record Conflict(String alias, DocumentHash activeId, DocumentHash manifestId) {

    Map<String, String> asExtension() {
      Map<String, String> extension = new LinkedHashMap<>();
      extension.put("alias", alias);
      extension.put("activeId", activeId.hex());
      extension.put("manifestId", manifestId.hex());
      return extension;
    }
  }
}
