package dev.tollgate.registry.http;

import dev.tollgate.registry.catalog.IssuedKey;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The wire records of the registry's snapshot and change feed ({@code /v1/registry/...}), which
 * in-process instances follow. {@code protocol} versions the snapshot's shape: a reader refuses a
 * protocol it does not know.
 */
final class RegistryFeedBodies {

  private RegistryFeedBodies() {}

  /**
   * @param apps the apps asked for, sorted; {@code null} for all
   * @param schemaFingerprint the active schema's fingerprint
   * @param documents every active document of those apps
   * @param aliases custom document id, then app, then the document's id there (those apps only)
   * @param keys every API key issued at runtime and not revoked, whatever the apps: a hash, never a
   *     secret (added within protocol 1: a reader that does not know it ignores it)
   */
  record SnapshotBody(
      int protocol,
      long changeId,
      @Nullable List<String> apps,
      String schemaFingerprint,
      List<SnapshotDocument> documents,
      Map<String, Map<String, String>> aliases,
      List<SnapshotKey> keys) {

    /** What {@code reader} holds for {@code apps} ({@code null}: all), sorted for stable bytes. */
    static SnapshotBody of(
        int protocol,
        long changeId,
        @Nullable SortedSet<String> apps,
        String schemaFingerprint,
        RegistryReader reader) {
      return new SnapshotBody(
          protocol,
          changeId,
          apps == null ? null : List.copyOf(apps),
          schemaFingerprint,
          documents(reader, apps),
          aliases(reader, apps),
          keys(reader));
    }

    private static List<SnapshotDocument> documents(
        RegistryReader reader, @Nullable Set<String> apps) {
      List<SnapshotDocument> documents = new ArrayList<>();
      for (Map.Entry<DocumentHash, Set<String>> active : reader.activeDocumentApps().entrySet()) {
        List<String> holders = within(active.getValue(), apps);
        if (holders.isEmpty()) {
          continue;
        }
        @Nullable StoredDocument document = reader.findDocument(active.getKey()).orElse(null);
        if (document != null) {
          documents.add(SnapshotDocument.of(document, holders));
        }
      }
      documents.sort(Comparator.comparing(SnapshotDocument::id));
      return documents;
    }

    private static Map<String, Map<String, String>> aliases(
        RegistryReader reader, @Nullable Set<String> apps) {
      Map<String, Map<String, String>> aliases = new TreeMap<>();
      for (Map.Entry<String, Map<String, DocumentHash>> alias : reader.activeAliases().entrySet()) {
        Map<String, String> targets = new TreeMap<>();
        for (Map.Entry<String, DocumentHash> target : alias.getValue().entrySet()) {
          if (apps == null || apps.contains(target.getKey())) {
            targets.put(target.getKey(), target.getValue().hex());
          }
        }
        if (!targets.isEmpty()) {
          aliases.put(alias.getKey(), targets);
        }
      }
      return aliases;
    }

    private static List<SnapshotKey> keys(RegistryReader reader) {
      List<SnapshotKey> keys = new ArrayList<>();
      for (IssuedKey key : reader.issuedKeys()) {
        keys.add(SnapshotKey.of(key));
      }
      keys.sort(Comparator.comparing(SnapshotKey::id));
      return keys;
    }

    private static List<String> within(Set<String> holders, @Nullable Set<String> apps) {
      List<String> within = new ArrayList<>();
      for (String app : new TreeSet<>(holders)) {
        if (apps == null || apps.contains(app)) {
          within.add(app);
        }
      }
      return within;
    }
  }

  /**
   * An {@link IssuedKey} field for field, instants in ISO-8601.
   *
   * @param secretHash lowercase hex SHA-256 of the current secret
   * @param previousHash after a rotation, the previous secret's hash, valid until {@code
   *     previousUntil}
   */
  record SnapshotKey(
      String id,
      String prefix,
      String policy,
      String secretHash,
      @Nullable String expires,
      @Nullable String previousHash,
      @Nullable String previousUntil) {
    static SnapshotKey of(IssuedKey key) {
      return new SnapshotKey(
          key.id(),
          key.prefix(),
          key.policy(),
          key.secretHash(),
          key.expires() == null ? null : key.expires().toString(),
          key.previousHash(),
          key.previousUntil() == null ? null : key.previousUntil().toString());
    }
  }

  /**
   * @param id the document's SHA-256 id
   * @param apps the active apps (of those asked for) that hold it, sorted
   * @param created ISO-8601
   */
  record SnapshotDocument(
      String id,
      List<String> apps,
      String body,
      String created,
      List<SnapshotOperation> operations) {
    static SnapshotDocument of(StoredDocument document, List<String> apps) {
      List<SnapshotOperation> operations = new ArrayList<>();
      for (StoredOperation operation : document.operations()) {
        operations.add(SnapshotOperation.of(operation));
      }
      return new SnapshotDocument(
          document.hash().hex(), apps, document.body(), document.created().toString(), operations);
    }
  }

  /**
   * A {@link StoredOperation} field for field.
   *
   * @param kind {@code QUERY}, {@code MUTATION} or {@code SUBSCRIPTION}
   * @param price the compiled price in its serialised form
   */
  record SnapshotOperation(
      @Nullable String name,
      String kind,
      String price,
      long cost,
      int depth,
      int aliases,
      int tokens,
      String schemaFingerprint) {
    static SnapshotOperation of(StoredOperation operation) {
      return new SnapshotOperation(
          operation.name(),
          operation.kind().name(),
          operation.price(),
          operation.cost(),
          operation.depth(),
          operation.aliases(),
          operation.tokens(),
          operation.schemaFingerprint());
    }
  }

  /** The change feed's answer: the registry's change id now. */
  record ChangesBody(long changeId) {}
}
