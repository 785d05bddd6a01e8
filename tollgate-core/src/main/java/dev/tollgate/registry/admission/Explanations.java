package dev.tollgate.registry.admission;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Explain;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.PriceExplanation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Explains a cost or budget refusal from the operation's compiled price, as the caller's policy
 * says ({@link KeyPolicy#explanation()}): {@code extensions.cost} gains the {@value #TOP} most
 * costly {@code terms} ({@code {coordinate, text, cost}}), and with {@code full} the {@code
 * formula} and the {@code variables} it used. Called on refusals only, so admitted requests never
 * pay for it.
 */
final class Explanations {

  static final int TOP = 3;

  private Explanations() {}

  static Refused explained(
      KeyPolicy policy,
      Refused refused,
      CompiledPrice price,
      Map<String, @Nullable Object> variables) {
    Refusal explained = explained(policy, refused.refusal(), price, variables);
    return explained == refused.refusal() ? refused : new Refused(explained, refused.cost());
  }

  /** {@code refusal} with the explanation; itself when there is none to give. */
  static Refusal explained(
      KeyPolicy policy,
      Refusal refusal,
      @Nullable CompiledPrice price,
      Map<String, @Nullable Object> variables) {
    Explain level = policy.explanation();
    ErrorCode code = refusal.errorCode();
    boolean explains =
        code == ErrorCode.COST_ESTIMATED_TOO_EXPENSIVE || code == ErrorCode.RATE_LIMITED;
    if (price == null || level == Explain.OFF || !explains) {
      return refusal;
    }
    PriceExplanation explanation;
    try {
      explanation = price.explain(variables, level == Explain.FULL);
    } catch (TollgateException | IllegalArgumentException e) {
      return refusal;
    }
    Map<String, Object> extensions = new LinkedHashMap<>(refusal.extensions());
    Map<String, Object> cost = new LinkedHashMap<>();
    if (extensions.get("cost") instanceof Map<?, ?> known) {
      known.forEach((key, value) -> cost.put(String.valueOf(key), value));
    } else {
      cost.put("estimated", explanation.cost());
    }
    if (level == Explain.FULL) {
      cost.put("formula", explanation.formula());
      cost.put("variables", explanation.variables());
    }
    cost.put("terms", terms(explanation, level));
    extensions.put("cost", cost);
    return new Refusal(code, refusal.message(), extensions);
  }

  private static List<Map<String, Object>> terms(PriceExplanation explanation, Explain level) {
    List<Map<String, Object>> terms = new ArrayList<>();
    for (PriceExplanation.Term term : explanation.top(TOP)) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("coordinate", term.coordinate());
      entry.put(
          "text", level == Explain.FULL ? term.text() : term.coordinate() + ": " + term.cost());
      entry.put("cost", term.cost());
      terms.add(entry);
    }
    return terms;
  }
}
