package dev.tollgate.registry.admission;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.OperationKind;
import org.jspecify.annotations.Nullable;

/**
 * One operation cleared to run.
 *
 * @param request what to send upstream
 * @param cost its price with the request's variables
 * @param registeredById run by the id of a registered document, without text (cacheable by GET)
 * @param wouldRefuse in measure mode, the code of the limit it breaches, which enforcing would have
 *     refused it with; else {@code null}
 * @param document the hash of the document's text
 * @param registered whether the document is registered (an active document of one of the caller's
 *     apps), rather than open-mode text
 * @param price its compiled price, to explain a budget refusal ({@code null} when not known)
 */
public record AdmittedOperation(
    UpstreamRequest request,
    OperationKind kind,
    long cost,
    boolean registeredById,
    @Nullable String wouldRefuse,
    DocumentHash document,
    boolean registered,
    @Nullable CompiledPrice price)
    implements OperationOutcome {

  /** Without its compiled price: a budget refusal of it explains nothing. */
  public AdmittedOperation(
      UpstreamRequest request,
      OperationKind kind,
      long cost,
      boolean registeredById,
      @Nullable String wouldRefuse,
      DocumentHash document,
      boolean registered) {
    this(request, kind, cost, registeredById, wouldRefuse, document, registered, null);
  }
}
