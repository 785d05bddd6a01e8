package dev.tollgate.registry.publish;

import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.pricing.AnalysedDocument;
import dev.tollgate.registry.pricing.InvalidDocumentException;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.PricedOperation;
import dev.tollgate.registry.pricing.PricingException;
import dev.tollgate.registry.store.NewDocument;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Prices every document of a manifest in one pass, collecting the errors of every bad document
 * rather than stopping at the first.
 */
final class ManifestPricer {

  static final int MAX_NAME_LENGTH = 1000;

  private final OperationPricer pricer;
  private final String schemaFingerprint;
  private final int maxTokens;

  ManifestPricer(OperationPricer pricer, String schemaFingerprint, int maxTokens) {
    this.pricer = pricer;
    this.schemaFingerprint = schemaFingerprint;
    this.maxTokens = maxTokens;
  }

  /**
   * Prices on every core (the pricer is pure), keeping manifest order in the result and the errors.
   *
   * @throws PublishException {@code INVALID_OPERATIONS} listing each document's errors
   */
  List<NewDocument> price(List<ManifestDocument> documents) {
    List<Attempt> attempts = documents.parallelStream().map(this::attempt).toList();
    List<NewDocument> priced = new ArrayList<>(documents.size());
    List<Map<String, Object>> failures = new ArrayList<>();
    for (Attempt attempt : attempts) {
      if (attempt.failure() != null) {
        failures.add(attempt.failure());
      } else if (attempt.priced() != null) {
        priced.add(attempt.priced());
      }
    }
    if (!failures.isEmpty()) {
      throw PublishException.invalidOperations(failures);
    }
    return priced;
  }

  private Attempt attempt(ManifestDocument document) {
    try {
      return new Attempt(price(document), null);
    } catch (PricingException e) {
      return new Attempt(null, failure(document, e));
    }
  }

  private NewDocument price(ManifestDocument document) {
    AnalysedDocument analysed = pricer.analyse(document.body(), maxTokens);
    if (analysed.operations().isEmpty()) {
      throw new InvalidDocumentException(
          ErrorCode.GRAPHQL_VALIDATION_FAILED, List.of("the document defines no operation"));
    }
    List<StoredOperation> operations = new ArrayList<>();
    for (PricedOperation operation : analysed.operations()) {
      requireStorableName(operation.name());
      operations.add(StoredOperation.of(operation, analysed.tokens(), schemaFingerprint));
    }
    return new NewDocument(document.hash(), document.body(), operations);
  }

  /** The store keeps operation names up to {@value #MAX_NAME_LENGTH} characters. */
  private static void requireStorableName(@Nullable String name) {
    if (name != null && name.length() > MAX_NAME_LENGTH) {
      throw new InvalidDocumentException(
          ErrorCode.GRAPHQL_VALIDATION_FAILED,
          List.of(
              "operation name is longer than "
                  + MAX_NAME_LENGTH
                  + " characters: "
                  + name.substring(0, 40)
                  + "..."));
    }
  }

  /** One document's pricing: its priced form, or its failure. */
  private record Attempt(@Nullable NewDocument priced, @Nullable Map<String, Object> failure) {}

  private static Map<String, Object> failure(ManifestDocument document, PricingException e) {
    Map<String, Object> failure = new LinkedHashMap<>();
    failure.put("id", document.hash().hex());
    if (document.clientId() != null && !document.hash().hex().equals(document.clientId())) {
      failure.put("clientId", document.clientId());
    }
    if (document.name() != null) {
      failure.put("name", document.name());
    }
    failure.put("code", e.code());
    failure.put(
        "errors",
        e instanceof InvalidDocumentException invalid ? invalid.errors() : List.of(e.getMessage()));
    return failure;
  }
}
