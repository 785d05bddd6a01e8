package dev.tollgate.registry.calibration;

import dev.tollgate.registry.catalog.DocumentIndex;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.store.Measurements.DocumentVersion;
import dev.tollgate.registry.store.RegistryStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Which version a request of a registered document is counted for: the newest active version of the
 * caller's apps holding the document, or, for a request by custom id, the newest active version of
 * an app where that id names it. Held in memory and reloaded from the store on first use after
 * {@link #stale()} (the catalog's refresh: a publication or a retirement), so the hot path reads no
 * store.
 */
final class VersionIndex {

  /** A version a request is counted for. */
  record Served(String app, String version) {}

  private final Supplier<@Nullable RegistryStore> store;
  private volatile @Nullable Snapshot snapshot;

  VersionIndex(Supplier<@Nullable RegistryStore> store) {
    this.store = store;
  }

  /** The registry's versions changed: reload before the next attribution. */
  synchronized void stale() {
    snapshot = null;
  }

  /**
   * The version {@code document} was admitted under for a caller of {@code policy}; {@code null}
   * when no active version of the caller's apps holds it (retired meanwhile).
   */
  @Nullable Served attribute(
      KeyPolicy policy, @Nullable DocumentHash document, @Nullable String alias) {
    if (document == null) {
      return null;
    }
    Snapshot current = current();
    List<Served> versions = versionsOf(current, document);
    Map<String, DocumentHash> named = alias == null ? null : current.aliases().get(alias);
    for (Served served : versions) {
      if (!policy.mayRun(served.app())) {
        continue;
      }
      if (named == null || isNamed(named, served.app(), document)) {
        return served;
      }
    }
    return null;
  }

  /**
   * The newest active version of any app holding {@code document}: usage an in-process instance
   * reports comes without its caller's apps.
   */
  @Nullable Served newest(String document) {
    if (!DocumentHash.looksLikeHash(document)) {
      return null;
    }
    List<Served> versions = versionsOf(current(), DocumentHash.parse(document));
    return versions.isEmpty() ? null : versions.get(0);
  }

  private static boolean isNamed(
      Map<String, DocumentHash> named, String app, DocumentHash document) {
    DocumentHash hash = named.get(app);
    return hash != null && hash.equals(document);
  }

  private static List<Served> versionsOf(Snapshot snapshot, DocumentHash document) {
    List<Served> versions = snapshot.documents().get(document);
    return versions == null ? List.of() : versions;
  }

  private Snapshot current() {
    Snapshot current = snapshot;
    return current != null ? current : reload();
  }

  private synchronized Snapshot reload() {
    Snapshot current = snapshot;
    if (current != null) {
      return current;
    }
    RegistryStore registry = store.get();
    if (registry == null) {
      current = new Snapshot(DocumentIndex.empty(), Map.of());
    } else {
      Map<DocumentHash, List<Served>> documents = new HashMap<>();
      Map<Served, Served> shared = new HashMap<>();
      for (DocumentVersion row : registry.measurements().activeDocumentVersions()) {
        Served served = new Served(row.app(), row.version());
        documents
            .computeIfAbsent(new DocumentHash(row.documentId()), d -> new ArrayList<>(1))
            .add(shared.computeIfAbsent(served, s -> s));
      }
      documents.replaceAll((document, versions) -> List.copyOf(versions));
      current = new Snapshot(DocumentIndex.of(documents), registry.activeAliases());
    }
    snapshot = current;
    return current;
  }

  /**
   * @param documents document id, then its active versions, newest first (in a compact index: a
   *     registry of a million ids has few distinct lists of versions, held once)
   * @param aliases custom id, then app, then the document it names there
   */
  private record Snapshot(
      DocumentIndex<List<Served>> documents, Map<String, Map<String, DocumentHash>> aliases) {}
}
