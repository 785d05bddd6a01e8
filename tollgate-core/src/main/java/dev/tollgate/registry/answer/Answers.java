package dev.tollgate.registry.answer;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Refusal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What every way in answers, in the order clients read it: a refusal's error object, and our {@code
 * extensions} of a decision, merged last into a result's own. Plain ordered maps, built once per
 * answer; the HTTP gateway serialises them with Jackson, the graphql-java library hands them to its
 * {@code ExecutionResult}.
 */
public final class Answers {

  /**
   * graphql-java's suggestions ("Did you mean ...?") would name schema fields the caller never
   * asked for; they are cut from every message of a refusal.
   */
  private static final Pattern SUGGESTION = Pattern.compile("\\s*Did you mean[^?]*\\?");

  private Answers() {}

  /** {@code {message, extensions: {code, ...}}}: nothing else (no locations, no path). */
  public static Map<String, Object> error(Refusal refusal) {
    return error(message(refusal), errorExtensions(refusal));
  }

  /** {@code {message, extensions}}, the error object of a refusal already cut to its words. */
  public static Map<String, Object> error(String message, Map<String, Object> extensions) {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("message", message);
    error.put("extensions", extensions);
    return error;
  }

  /** The refusal's message without suggestions. */
  public static String message(Refusal refusal) {
    return SUGGESTION.matcher(refusal.message()).replaceAll("");
  }

  /** {@code {code, ...}}: the refusal's code, then its extensions without suggestions. */
  public static Map<String, Object> errorExtensions(Refusal refusal) {
    Map<String, Object> extensions = new LinkedHashMap<>();
    extensions.put("code", refusal.code());
    for (Map.Entry<String, Object> entry : refusal.extensions().entrySet()) {
      extensions.put(entry.getKey(), withoutSuggestions(entry.getValue()));
    }
    return extensions;
  }

  /**
   * {@code {cost: {estimated, max, actual?, wouldRefuse?}, rateLimit: {cost, remaining, resetIn,
   * refunded?}}}; cost only when priced, {@code actual} once the answer was measured, {@code
   * wouldRefuse} only when a measure-mode request breached a limit, rateLimit only when the balance
   * is known, {@code refunded} when the policy refunds.
   */
  public static Map<String, Object> extensions(Decision decision) {
    Map<String, Object> extensions = new LinkedHashMap<>();
    Decision.Admitted admitted = decision instanceof Decision.Admitted a ? a : null;
    if (decision.cost() != null) {
      Map<String, Object> cost = new LinkedHashMap<>();
      cost.put("estimated", decision.cost());
      cost.put("max", decision.maxCost());
      if (admitted != null && admitted.actual() != null) {
        cost.put("actual", admitted.actual());
      }
      if (admitted != null && admitted.wouldRefuse() != null) {
        cost.put("wouldRefuse", admitted.wouldRefuse());
      }
      extensions.put("cost", cost);
    }
    BudgetCharge budget = decision.budget();
    if (budget != null) {
      extensions.put("rateLimit", rateLimit(budget, admitted == null ? null : admitted.refunded()));
    }
    return extensions;
  }

  /**
   * A result's {@code theirs} extensions (none: {@code null}) with {@code ours} added last,
   * replacing any entry of the same name.
   */
  public static Map<Object, @Nullable Object> merged(
      @Nullable Map<?, ?> theirs, Map<String, ?> ours) {
    Map<Object, @Nullable Object> extensions = new LinkedHashMap<>();
    if (theirs != null) {
      extensions.putAll(theirs);
    }
    extensions.keySet().removeAll(ours.keySet());
    extensions.putAll(ours);
    return extensions;
  }

  private static Map<String, Object> rateLimit(BudgetCharge budget, @Nullable Long refunded) {
    Map<String, Object> rateLimit = new LinkedHashMap<>();
    rateLimit.put("cost", budget.charged());
    rateLimit.put("remaining", budget.remaining());
    rateLimit.put("resetIn", budget.resetInSeconds());
    if (refunded != null) {
      rateLimit.put("refunded", refunded);
    }
    return rateLimit;
  }

  private static Object withoutSuggestions(Object value) {
    if (value instanceof String text) {
      return SUGGESTION.matcher(text).replaceAll("");
    }
    if (value instanceof List<?> list) {
      List<Object> cleaned = new ArrayList<>(list.size());
      for (Object item : list) {
        cleaned.add(item == null ? "" : withoutSuggestions(item));
      }
      return cleaned;
    }
    return value;
  }
}
