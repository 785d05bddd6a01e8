package dev.tollgate.registry.gateway;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * The GraphQL-shaped bodies of {@code /graphql}: errors, and our extensions merged into results.
 */
final class GatewayBodies {

  /**
   * graphql-java adds none today, but a suggestion would name schema fields the caller never asked
   * for.
   */
  /** {@code body} as JSON bytes; a body that does not encode is a bug. */
  static byte[] encode(ObjectMapper json, Object body) {
    try {
      return json.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode a response body", e);
    }
  }

  private static final Pattern SUGGESTION = Pattern.compile("\\s*Did you mean[^?]*\\?");

  private GatewayBodies() {}

  /**
   * {@code {"errors":[{message, extensions:{code,...}}], "extensions":{cost?, rateLimit?}}}, with
   * no {@code data}.
   */
  static Map<String, Object> error(Refusal refusal, @Nullable Decision decision) {
    Map<String, Object> errorExtensions = new LinkedHashMap<>();
    errorExtensions.put("code", refusal.code());
    for (Map.Entry<String, Object> entry : refusal.extensions().entrySet()) {
      errorExtensions.put(entry.getKey(), withoutSuggestions(entry.getValue()));
    }
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("message", withoutSuggestions(refusal.message()));
    error.put("extensions", errorExtensions);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("errors", List.of(error));
    if (decision != null) {
      body.put("extensions", extensions(decision));
    }
    return body;
  }

  /**
   * The upstream's body with {@code extensions.cost} and {@code extensions.rateLimit} added, last
   * (replacing any the upstream sent).
   */
  static Map<String, @Nullable Object> result(
      Map<String, @Nullable Object> upstream, Decision decision) {
    return merged(upstream, extensions(decision));
  }

  /**
   * {@link #result} with {@code cost} and {@code rateLimit} standing in for the values of {@code
   * extensions.cost} and {@code extensions.rateLimit}, in the places {@code result} puts them: what
   * {@link CachedResponse} serialises once and splices each request's values into.
   */
  static Map<String, @Nullable Object> resultWith(
      Map<String, @Nullable Object> upstream, Object cost, Object rateLimit) {
    Map<String, Object> ours = new LinkedHashMap<>();
    ours.put("cost", cost);
    ours.put("rateLimit", rateLimit);
    return merged(upstream, ours);
  }

  private static Map<String, @Nullable Object> merged(
      Map<String, @Nullable Object> upstream, Map<String, Object> ours) {
    Map<String, @Nullable Object> body = new LinkedHashMap<>(upstream);
    Map<String, @Nullable Object> extensions = new LinkedHashMap<>();
    if (upstream.get("extensions") instanceof Map<?, ?> theirs) {
      theirs.forEach((key, value) -> extensions.put(String.valueOf(key), value));
    }
    extensions.keySet().removeAll(ours.keySet());
    extensions.putAll(ours);
    body.put("extensions", extensions);
    return body;
  }

  /**
   * {@code {cost: {estimated, max, actual?, wouldRefuse?}, rateLimit: {cost, remaining, resetIn,
   * refunded?}}}; cost only when priced, {@code actual} once the answer was measured, {@code
   * wouldRefuse} only when a measure-mode request breached a limit, rateLimit only when the balance
   * is known, {@code refunded} when the policy refunds.
   */
  static Map<String, Object> extensions(Decision decision) {
    Map<String, Object> extensions = new LinkedHashMap<>();
    if (decision.cost() != null) {
      Map<String, Object> cost = new LinkedHashMap<>();
      cost.put("estimated", decision.cost());
      cost.put("max", decision.maxCost());
      Decision.Admitted admitted = decision instanceof Decision.Admitted a ? a : null;
      if (admitted != null && admitted.actual() != null) {
        cost.put("actual", admitted.actual());
      }
      if (admitted != null && admitted.wouldRefuse() != null) {
        cost.put("wouldRefuse", admitted.wouldRefuse());
      }
      extensions.put("cost", cost);
    }
    if (decision.budget() != null) {
      Long refunded = decision instanceof Decision.Admitted a ? a.refunded() : null;
      extensions.put("rateLimit", rateLimit(decision.budget(), refunded));
    }
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

  /**
   * The body without {@code extensions.rateLimit}, which changes on every request: what the ETag
   * hashes.
   */
  static Map<String, @Nullable Object> withoutRateLimit(Map<String, @Nullable Object> body) {
    Map<String, @Nullable Object> copy = new LinkedHashMap<>(body);
    if (copy.get("extensions") instanceof Map<?, ?> extensions) {
      Map<Object, Object> trimmed = new LinkedHashMap<>(extensions);
      trimmed.remove("rateLimit");
      copy.put("extensions", trimmed);
    }
    return copy;
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
