package dev.tollgate.registry.publish;

import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.document.IntrospectionFields;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.store.NewDocument;
import dev.tollgate.registry.store.Publication;
import dev.tollgate.registry.store.PublishOutcome;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.VersionContents;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The publication service: reads a manifest, checks its ids, prices every operation against the
 * schema (the book's token limit) and stores it whole under {@code (app, version)}, with its custom
 * ids as aliases of their documents within the app ({@link ManifestAliases}). Publishing the same
 * manifest again is a no-op answered with the same report (every document then {@code existing}).
 */
public final class Publisher {

  /** The token limit applied to registered documents (the book's default). */
  public static final int MAX_TOKENS = Limits.BOOK.tokens();

  /** A pricer and the fingerprint of its schema, stored with every operation it prices. */
  public record PricingSchema(OperationPricer pricer, String fingerprint) {}

  private final RegistryStore store;
  private final Supplier<PricingSchema> schema;
  private final Affordability affordability;
  private final Predicate<String> snapshot;

  /**
   * @param schemaFingerprint SHA-256 hex of the schema text the pricer was built from, stored with
   *     every operation
   */
  public Publisher(RegistryStore store, OperationPricer pricer, String schemaFingerprint) {
    this(store, fixed(pricer, schemaFingerprint));
  }

  /**
   * As {@link #Publisher(RegistryStore, OperationPricer, String)}, with the policies of the gateway
   * (the report marks each operation that none of those allowed to run the app can run: {@code
   * affordable: false}) and the versions a later manifest may replace ({@code snapshot}, e.g.
   * {@code *-SNAPSHOT}); every other version is immutable.
   */
  public Publisher(
      RegistryStore store,
      OperationPricer pricer,
      String schemaFingerprint,
      List<KeyPolicy> policies,
      Predicate<String> snapshot) {
    this(store, fixed(pricer, schemaFingerprint), policies, snapshot);
  }

  /**
   * Prices each publication with what {@code schema} supplies when it starts: the active schema,
   * which an activation swaps.
   */
  public Publisher(RegistryStore store, Supplier<PricingSchema> schema) {
    this(store, schema, Affordability.UNKNOWN, version -> false);
  }

  /**
   * As {@link #Publisher(RegistryStore, Supplier)}, with the policies of the gateway ({@code
   * affordable} in the report) and the replaceable versions ({@code snapshot}).
   */
  public Publisher(
      RegistryStore store,
      Supplier<PricingSchema> schema,
      List<KeyPolicy> policies,
      Predicate<String> snapshot) {
    this(store, schema, Affordability.of(policies), snapshot);
  }

  private Publisher(
      RegistryStore store,
      Supplier<PricingSchema> schema,
      Affordability affordability,
      Predicate<String> snapshot) {
    this.store = store;
    this.schema = schema;
    this.affordability = affordability;
    this.snapshot = snapshot;
  }

  private static Supplier<PricingSchema> fixed(OperationPricer pricer, String schemaFingerprint) {
    PricingSchema fixed = new PricingSchema(pricer, schemaFingerprint);
    return () -> fixed;
  }

  /**
   * Checks, prices and (unless {@code dryRun}) stores {@code manifest} under {@code ref}.
   *
   * @throws PublishException on malformed JSON, an unknown format or version, an empty manifest, an
   *     id that is not its body's hash or not 1 to 200 printable ASCII characters (400), one custom
   *     id given to two bodies (409), or documents that do not parse or validate (422)
   * @throws dev.tollgate.registry.store.StoreException when the version holds a different manifest
   *     or was retired, or an active version of the app gives a custom id of the manifest to
   *     another document (409), checked before pricing and, for a dry run, without storing
   */
  public PublishReport publish(
      VersionRef ref, byte[] manifest, String publishedBy, boolean dryRun) {
    List<ManifestEntry> entries = ManifestReader.read(manifest);
    Map<String, DocumentHash> aliases = ManifestAliases.of(entries);
    List<ManifestDocument> documents = ManifestDocument.distinct(entries);
    String fingerprint = ManifestFingerprint.of(documents, aliases);
    boolean replaceable = snapshot.test(ref.version());
    Optional<VersionContents> stored =
        store.checkPublishable(ref.app(), ref.version(), fingerprint, replaceable);
    CustomIds customIds = CustomIds.of(aliases);
    if (stored.isPresent() && !dryRun) {
      return storedReport(ref, stored.get(), documents, customIds, affordability);
    }
    store.checkAliases(ref.app(), ref.version(), aliases);
    PricingSchema active = schema.get();
    List<NewDocument> priced =
        new ManifestPricer(active.pricer(), active.fingerprint(), MAX_TOKENS).price(documents);
    if (dryRun) {
      Set<DocumentHash> existing = store.existingDocuments(hashes(priced));
      return report(
          ref, true, false, priced, hash -> !existing.contains(hash), customIds, affordability);
    }
    PublishOutcome outcome =
        store.publish(
            new Publication(
                ref.app(), ref.version(), fingerprint, publishedBy, priced, aliases, replaceable));
    return report(
        ref,
        false,
        outcome.created(),
        priced,
        outcome.newDocuments()::contains,
        customIds,
        affordability);
  }

  /**
   * The report of a re-publish of the stored manifest, read from the store without pricing again.
   */
  private static PublishReport storedReport(
      VersionRef ref,
      VersionContents stored,
      List<ManifestDocument> documents,
      CustomIds customIds,
      Affordability affordability) {
    Map<DocumentHash, StoredDocument> byHash = new HashMap<>();
    stored.documents().forEach(document -> byHash.put(document.hash(), document));
    List<NewDocument> existing = new ArrayList<>(documents.size());
    for (ManifestDocument document : documents) {
      // The store found this exact manifest, so it holds every one of its documents.
      StoredDocument same = Objects.requireNonNull(byHash.get(document.hash()), "stored document");
      existing.add(new NewDocument(document.hash(), document.body(), same.operations()));
    }
    return report(ref, false, false, existing, hash -> false, customIds, affordability);
  }

  private static PublishReport report(
      VersionRef ref,
      boolean dryRun,
      boolean created,
      List<NewDocument> documents,
      Predicate<DocumentHash> isNew,
      CustomIds customIds,
      Affordability affordability) {
    List<OperationReport> operations = new ArrayList<>();
    for (NewDocument document : documents) {
      boolean fresh = isNew.test(document.hash());
      boolean introspection = IntrospectionFields.selectedIn(document.body());
      for (StoredOperation operation : document.operations()) {
        Affordability.Verdict verdict = affordability.judge(ref.app(), operation.cost());
        operations.add(
            new OperationReport(
                document.hash(),
                operation.name(),
                operation.kind(),
                operation.cost(),
                operation.depth(),
                operation.aliases(),
                fresh,
                customIds.of(document.hash()),
                verdict.affordable(),
                verdict.limits(),
                introspection));
      }
    }
    return new PublishReport(ref.app(), ref.version(), dryRun, created, operations);
  }

  /** The custom ids of each document, sorted. */
  private record CustomIds(Map<DocumentHash, List<String>> byDocument) {
    static CustomIds of(Map<String, DocumentHash> aliases) {
      return new CustomIds(invert(aliases));
    }

    List<String> of(DocumentHash hash) {
      return byDocument.getOrDefault(hash, List.of());
    }

    private static Map<DocumentHash, List<String>> invert(Map<String, DocumentHash> aliases) {
      Map<DocumentHash, List<String>> byDocument = new HashMap<>();
      aliases.forEach(
          (alias, hash) -> byDocument.computeIfAbsent(hash, h -> new ArrayList<>()).add(alias));
      return byDocument;
    }
  }

  private static List<DocumentHash> hashes(List<NewDocument> documents) {
    List<DocumentHash> hashes = new ArrayList<>(documents.size());
    documents.forEach(document -> hashes.add(document.hash()));
    return hashes;
  }
}
