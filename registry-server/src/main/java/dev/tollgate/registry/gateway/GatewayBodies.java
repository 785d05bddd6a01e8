package dev.tollgate.registry.gateway;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.answer.Answers;
import dev.tollgate.registry.upstream.UpstreamBody;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The GraphQL-shaped bodies of {@code /graphql}: errors, and our extensions merged into results.
 * Their shape and values are the core's {@link Answers}, the same for every way in.
 */
final class GatewayBodies {

  private GatewayBodies() {}

  /** {@code body} as JSON bytes; a body that does not encode is a bug. */
  static byte[] encode(ObjectMapper json, Object body) {
    try {
      return json.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode a response body", e);
    }
  }

  /**
   * {@code {"errors":[{message, extensions:{code,...}}], "extensions":{cost?, rateLimit?}}}, with
   * no {@code data}.
   */
  static Map<String, Object> error(Refusal refusal, @Nullable Decision decision) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("errors", List.of(Answers.error(refusal)));
    if (decision != null) {
      body.put("extensions", Answers.extensions(decision));
    }
    return body;
  }

  /**
   * {@link #result(Map, Decision)} as JSON bytes: written into the upstream's own bytes when it
   * answered over HTTP (only {@code extensions} is serialised), else serialised whole.
   */
  static byte[] result(ObjectMapper json, UpstreamBody upstream, Decision decision) {
    if (!upstream.spliceable()) {
      return encode(json, result(upstream.asMap(), decision));
    }
    return upstream.withExtensions(
        encode(json, Answers.merged(upstream.extensions(), Answers.extensions(decision))));
  }

  /**
   * The upstream's body with {@code extensions.cost} and {@code extensions.rateLimit} added, last
   * (replacing any the upstream sent).
   */
  static Map<String, @Nullable Object> result(
      Map<String, @Nullable Object> upstream, Decision decision) {
    return merged(upstream, Answers.extensions(decision));
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
    Map<?, ?> theirs = upstream.get("extensions") instanceof Map<?, ?> map ? map : null;
    body.put("extensions", Answers.merged(theirs, ours));
    return body;
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
}
