package dev.tollgate.graphqljava;

import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.error.TollgateException;
import dev.tollgate.registry.policy.KeyPolicy;
import graphql.ExecutionInput;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Admission before graphql-java parses anything: the caller's policy, then the core's decision on
 * the request's id or text. A refusal is the document's errors (so graphql-java runs no data
 * fetcher), with the gateway's code and message; an admitted operation gets its document parsed and
 * validated once ({@link ParsedDocuments}). The decision is left in the execution's context for
 * {@link CostInstrumentation}.
 */
final class AdmissionProvider implements PreparsedDocumentProvider {

  private final AdmissionController admission;
  private final Callers callers;
  private final CallerResolver resolver;
  private final ParsedDocuments documents;

  AdmissionProvider(
      AdmissionController admission,
      Callers callers,
      CallerResolver resolver,
      ParsedDocuments documents) {
    this.admission = admission;
    this.callers = callers;
    this.resolver = resolver;
    this.documents = documents;
  }

  @Override
  public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(
      ExecutionInput input, Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
    return CompletableFuture.completedFuture(entry(input, parseAndValidate));
  }

  private PreparsedDocumentEntry entry(
      ExecutionInput input, Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
    KeyPolicy policy = callers.find(resolver.apiKey(input));
    if (policy == null) {
      Admission.clear(input.getGraphQLContext());
      return new PreparsedDocumentEntry(RefusalError.of(Refusal.UNKNOWN_KEY));
    }
    Decision decision = decide(policy, input);
    new Admission(policy, decision).putInto(input.getGraphQLContext());
    if (decision instanceof Decision.Rejected rejected) {
      return new PreparsedDocumentEntry(RefusalError.of(rejected.refusal()));
    }
    AdmittedOperation operation = ((Decision.Admitted) decision).operations().get(0);
    return documents.of(operation, input, parseAndValidate);
  }

  private Decision decide(KeyPolicy policy, ExecutionInput input) {
    try {
      return admission.admit(policy, ExecutionRequests.read(input));
    } catch (TollgateException e) {
      return admission.reject(policy, e);
    }
  }
}
