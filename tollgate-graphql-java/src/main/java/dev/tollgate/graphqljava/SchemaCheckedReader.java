package dev.tollgate.graphqljava;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import graphql.GraphQLError;
import graphql.language.Document;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;
import graphql.schema.GraphQLSchema;
import graphql.validation.ValidationError;
import graphql.validation.Validator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registry's documents checked against the application's own schema, which may not be the
 * registry's active one: the registry priced each document against its schema, the application
 * executes against its own. A registered document that does not validate against the application's
 * schema (a field it lacks, an argument of another type: so the coordinates its price was compiled
 * over are gone too) is refused with {@code OPERATION_INVALID_FOR_SCHEMA}, the code the gateway
 * gives a registered operation that does not validate against its active schema: the refusal comes
 * from the document's lookup, before any charge, so nothing runs and nothing is charged. One WARN
 * line names the document and the two fingerprints; the verdict is kept by hash (a hash is one
 * text, the application's schema does not change).
 *
 * <p>At start and on each change of the registry's active schema ({@link HttpRegistry#
 * schemaFingerprint()}), a fingerprint that differs from the application's is logged once at WARN
 * with both values.
 */
final class SchemaCheckedReader implements RegistryReader {

  private static final Logger LOG = LoggerFactory.getLogger(SchemaCheckedReader.class);

  /** What the log says when the application gave no SDL to fingerprint. */
  static final String UNKNOWN = "unknown (no schema SDL given to TollgateGraphQL)";

  private final RegistryReader reader;
  private final GraphQLSchema schema;
  private final @Nullable String appFingerprint;
  private final Cache<DocumentHash, List<String>> verdicts;
  private volatile @Nullable String comparedWith;

  /**
   * @param appFingerprint the application's schema fingerprint ({@code SchemaFingerprint}); {@code
   *     null} when unknown
   * @param verdicts a bounded cache of each document's validation errors (empty: valid)
   */
  SchemaCheckedReader(
      RegistryReader reader,
      GraphQLSchema schema,
      @Nullable String appFingerprint,
      Cache<DocumentHash, List<String>> verdicts) {
    this.reader = reader;
    this.schema = schema;
    this.appFingerprint = appFingerprint;
    this.verdicts = verdicts;
  }

  /**
   * The stored document, when it validates against the application's schema.
   *
   * @throws TollgateException {@code OPERATION_INVALID_FOR_SCHEMA} when it does not
   */
  @Override
  public Optional<StoredDocument> findDocument(DocumentHash hash) {
    Optional<StoredDocument> found = reader.findDocument(hash);
    if (found.isEmpty()) {
      return found;
    }
    StoredDocument document = found.get();
    List<String> errors = verdicts.get(hash, unused -> checked(document));
    if (!errors.isEmpty()) {
      throw new InvalidForAppSchemaException(errors);
    }
    return found;
  }

  @Override
  public Map<DocumentHash, Set<String>> activeDocumentApps() {
    return reader.activeDocumentApps();
  }

  @Override
  public Map<String, Map<String, DocumentHash>> activeAliases() {
    return reader.activeAliases();
  }

  @Override
  public long latestChangeId() {
    return reader.latestChangeId();
  }

  /**
   * Logs, once per value of the registry's active fingerprint, whether it is the application's; for
   * a reader that does not know the registry's schema ({@link HttpRegistry} does), nothing.
   */
  void compareFingerprints() {
    if (!(reader instanceof HttpRegistry registry)) {
      return;
    }
    String registryFingerprint = registry.schemaFingerprint();
    if (registryFingerprint.equals(comparedWith)) {
      return;
    }
    boolean first = comparedWith == null;
    comparedWith = registryFingerprint;
    if (appFingerprint == null) {
      LOG.info(
          "the registry's active schema is {}; this application's schema fingerprint is {}: each"
              + " registered document is still validated against this application's schema",
          registryFingerprint,
          UNKNOWN);
    } else if (!registryFingerprint.equals(appFingerprint)) {
      LOG.warn(
          "schema mismatch: the registry's active schema is {}, this application's is {}; a"
              + " registered document that does not validate against this application's schema is"
              + " refused (OPERATION_INVALID_FOR_SCHEMA), nothing charged",
          registryFingerprint,
          appFingerprint);
    } else if (!first) {
      LOG.info("the registry's active schema is this application's again ({})", appFingerprint);
    }
  }

  private List<String> checked(StoredDocument document) {
    List<String> errors = errors(document.body());
    if (!errors.isEmpty()) {
      LOG.warn(
          "registered document {} does not validate against this application's schema ({}; the"
              + " registry priced it under {}): refused with OPERATION_INVALID_FOR_SCHEMA: {}",
          document.hash(),
          appFingerprint == null ? UNKNOWN : appFingerprint,
          pricedUnder(document),
          String.join("; ", errors));
    }
    return List.copyOf(errors);
  }

  private List<String> errors(String body) {
    Document parsed;
    try {
      parsed = Parser.parse(body);
    } catch (InvalidSyntaxException e) {
      return List.of(String.valueOf(e.getMessage()));
    }
    List<String> errors = new ArrayList<>();
    for (ValidationError error : new Validator().validateDocument(schema, parsed, Locale.ENGLISH)) {
      errors.add(message(error));
    }
    return errors;
  }

  private static String message(GraphQLError error) {
    return String.valueOf(error.getMessage());
  }

  private static String pricedUnder(StoredDocument document) {
    List<String> fingerprints = new ArrayList<>();
    for (StoredOperation operation : document.operations()) {
      if (!fingerprints.contains(operation.schemaFingerprint())) {
        fingerprints.add(operation.schemaFingerprint());
      }
    }
    return String.join(", ", fingerprints);
  }

  /** A registered document that does not validate against the application's schema. */
  static final class InvalidForAppSchemaException extends TollgateException {

    private static final long serialVersionUID = 1L;

    InvalidForAppSchemaException(List<String> errors) {
      super(
          ErrorCode.OPERATION_INVALID_FOR_SCHEMA,
          "this registered document does not validate against the application's schema: "
              + String.join("; ", errors),
          Map.of("errors", List.copyOf(errors)));
    }
  }
}
