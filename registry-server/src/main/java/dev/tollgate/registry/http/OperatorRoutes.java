package dev.tollgate.registry.http;

import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.http.OperatorBodies.PoliciesBody;
import dev.tollgate.registry.http.OperatorBodies.RefusalsBody;
import dev.tollgate.registry.http.OperatorBodies.TrafficBody;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.policy.KeyPolicy;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the operator's console reads besides the registry, on {@code /v1} with a token of any scope:
 * {@code GET /v1/session} (the token's name and scope), {@code GET /v1/policies} (each policy by
 * name with its limits, budget and the live balance of its bucket; never a key), {@code GET
 * /v1/traffic?policy=NAME} (its recent requests with their estimated costs and outcomes) and {@code
 * GET /v1/refusals} (answers by outcome over time). The last two are this process's own memory:
 * with several gateways each shows the traffic it answered.
 */
public final class OperatorRoutes {

  private final AdmissionController admission;
  private final Map<String, KeyPolicy> policies = new LinkedHashMap<>();
  private final GatewayMetrics metrics;
  private final Duration sampleInterval;
  private final AdminAuth auth;

  /**
   * @param policies every policy of the config, the anonymous one included
   * @param sampleInterval how often {@code metrics} samples the request counter
   */
  public OperatorRoutes(
      AdmissionController admission,
      List<KeyPolicy> policies,
      GatewayMetrics metrics,
      Duration sampleInterval,
      List<AdminToken> tokens) {
    this.admission = admission;
    policies.stream()
        .sorted(java.util.Comparator.comparing(KeyPolicy::name))
        .forEach(policy -> this.policies.put(policy.name(), policy));
    this.metrics = metrics;
    this.sampleInterval = sampleInterval;
    this.auth = new AdminAuth(tokens);
  }

  public void register(JavalinConfig config) {
    config.routes.get("/v1/session", this::session);
    config.routes.get("/v1/policies", this::policies);
    config.routes.get("/v1/traffic", this::traffic);
    config.routes.get("/v1/refusals", this::refusals);
  }

  /** Who the bearer token is: its name and scope ({@code publish} or {@code admin}). */
  private void session(Context ctx) {
    String name = auth.reader(ctx);
    ctx.json(Map.of("name", name, "scope", auth.scope(ctx).name().toLowerCase(Locale.ROOT)));
  }

  private void policies(Context ctx) {
    auth.reader(ctx);
    Map<KeyPolicy, @Nullable BudgetCharge> balances = new LinkedHashMap<>();
    for (KeyPolicy policy : policies.values()) {
      balances.put(policy, admission.remaining(policy));
    }
    ctx.json(PoliciesBody.of(balances));
  }

  private void traffic(Context ctx) {
    auth.reader(ctx);
    String name = ctx.queryParam("policy");
    if (name == null || name.isEmpty()) {
      throw RouteException.missingParameter("policy");
    }
    KeyPolicy policy = policies.get(name);
    if (policy == null) {
      throw RouteException.policyNotFound(name);
    }
    ctx.json(TrafficBody.of(policy, metrics.traffic(name)));
  }

  private void refusals(Context ctx) {
    auth.reader(ctx);
    ctx.json(RefusalsBody.of(sampleInterval, metrics.refusalHistory()));
  }
}
