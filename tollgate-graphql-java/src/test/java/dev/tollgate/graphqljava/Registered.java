package dev.tollgate.graphqljava;

import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.AnalysedDocument;
import dev.tollgate.registry.pricing.OperationPricer;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Documents registered as the registry registers them, and requests by id, for the fault tests. */
final class Registered {

  private Registered() {}

  /**
   * Prices {@code text} with {@code pricer} (the registry's schema) and registers it for {@code
   * app}, its operations stored under {@code fingerprint}.
   */
  static DocumentHash publish(
      InMemoryRegistry registry,
      OperationPricer pricer,
      String app,
      String text,
      String fingerprint) {
    StoredDocument document = stored(pricer, text, fingerprint);
    registry.publish(app, "1", document);
    return document.hash();
  }

  /** {@code text} priced with {@code pricer}, its operations stored under {@code fingerprint}. */
  static StoredDocument stored(OperationPricer pricer, String text, String fingerprint) {
    AnalysedDocument analysed = pricer.analyse(text, 5000);
    List<StoredOperation> operations = new ArrayList<>();
    analysed
        .operations()
        .forEach(
            operation ->
                operations.add(StoredOperation.of(operation, analysed.tokens(), fingerprint)));
    return new StoredDocument(DocumentHash.of(text), text, Instant.EPOCH, operations);
  }

  /** A request by APQ id, with the caller's key in the context. */
  static ExecutionInput byId(DocumentHash id, Map<String, Object> variables, String apiKey) {
    Map<Object, Object> context = new HashMap<>();
    context.put(CallerResolver.API_KEY, apiKey);
    Map<String, Object> persisted = new LinkedHashMap<>();
    persisted.put("version", 1);
    persisted.put("sha256Hash", id.hex());
    return ExecutionInput.newExecutionInput(ExecutionInput.PERSISTED_QUERY_MARKER)
        .variables(variables)
        .graphQLContext(context)
        .extensions(Map.of("persistedQuery", persisted))
        .build();
  }

  /** The first error's code, or {@code null} when there is no error. */
  static String code(ExecutionResult result) {
    if (result.getErrors().isEmpty()) {
      return null;
    }
    return String.valueOf(result.getErrors().get(0).getExtensions().get("code"));
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> rateLimit(ExecutionResult result) {
    return (Map<String, Object>) result.getExtensions().get("rateLimit");
  }
}
