package dev.tollgate.graphqljava;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.document.DocumentHash;
import graphql.ExecutionInput;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import java.util.function.Function;

/**
 * Admitted documents parsed and validated by graphql-java once, then kept by hash: the same hash is
 * the same text, so the same document. Only a document that validated is kept; one that did not is
 * answered with graphql-java's errors, and parsed again next time.
 */
final class ParsedDocuments {

  private final Cache<DocumentHash, PreparsedDocumentEntry> entries;

  /**
   * @param entries a bounded cache built by {@link TollgateGraphQL}
   */
  ParsedDocuments(Cache<DocumentHash, PreparsedDocumentEntry> entries) {
    this.entries = entries;
  }

  /**
   * The parsed document of {@code operation}, the admitted text (the registered one, for a request
   * by id): from the cache, else through graphql-java's own {@code parseAndValidate}, with the
   * instrumentation of this execution.
   */
  PreparsedDocumentEntry of(
      AdmittedOperation operation,
      ExecutionInput input,
      Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
    PreparsedDocumentEntry cached = entries.getIfPresent(operation.document());
    if (cached != null) {
      return cached;
    }
    String text = operation.request().query();
    PreparsedDocumentEntry entry = parseAndValidate.apply(input.transform(b -> b.query(text)));
    if (!entry.hasErrors()) {
      entries.put(operation.document(), entry);
    }
    return entry;
  }

  Cache<DocumentHash, PreparsedDocumentEntry> cache() {
    return entries;
  }
}
