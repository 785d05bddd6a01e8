package dev.tollgate.registry.gateway;

import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.admission.Settlement;
import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.upstream.Upstream;
import dev.tollgate.registry.upstream.UpstreamException;
import dev.tollgate.registry.upstream.UpstreamResponse;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The gateway's side of an upstream call: the operation's request with the headers of the call
 * ({@link UpstreamCallHeaders}), at most {@code upstream.maxInFlight} calls at once, and the units
 * given back to the caller's budget: all of them when the call failed, estimated − actual when the
 * policy refunds what an answer did not cost.
 */
final class UpstreamForwarder {

  private final Upstream upstream;
  private final AdmissionController admission;
  private final UpstreamSettings config;

  /**
   * @param upstream the counted upstream; bounded here
   */
  UpstreamForwarder(Upstream upstream, AdmissionController admission, UpstreamSettings config) {
    this.upstream = Upstream.bounded(upstream, config.maxInFlight());
    this.admission = admission;
    this.config = config;
  }

  /**
   * @throws UpstreamException when the upstream failed ({@code UPSTREAM_ERROR}) or is busy ({@code
   *     UPSTREAM_BUSY}); the caller then answers {@link #failed}
   */
  UpstreamResponse execute(GatewayCall call, AdmittedOperation operation, KeyPolicy policy) {
    UpstreamRequest request = operation.request();
    return upstream.execute(
        request.withHeaders(
            UpstreamCallHeaders.toUpstream(
                config, call.headers(), policy.name(), request.operationName())));
  }

  /** The upstream's headers that go back to the caller. */
  Map<String, List<String>> returned(UpstreamResponse response) {
    return UpstreamCallHeaders.toCaller(config, response);
  }

  /**
   * The refusal of a request whose upstream call failed (or was refused as busy): its units are
   * given back, so it is not charged.
   */
  Decision.Rejected failed(UpstreamException e, Decision.Admitted admitted, KeyPolicy policy) {
    BudgetCharge after = refunded(admitted.cost(), admitted.budget(), policy);
    return new Decision.Rejected(Refusal.of(e), admitted.cost(), admitted.maxCost(), after);
  }

  /**
   * The balance after {@code units} of {@code charged} are given back; {@code charged} itself when
   * there are none, or the budget store could not take them.
   */
  BudgetCharge refunded(long units, BudgetCharge charged, KeyPolicy policy) {
    if (units <= 0) {
      return charged;
    }
    BudgetCharge after = admission.refund(policy, units);
    return after != null ? after : charged;
  }

  /**
   * {@code admitted} once answered at {@code actual}: the core's {@link Settlement}, with this
   * gateway's admission giving refunds back.
   */
  Decision.Admitted settled(KeyPolicy policy, Decision.Admitted admitted, @Nullable Long actual) {
    return Settlement.settled(admission, policy, admitted, actual);
  }
}
