package dev.tollgate.registry.upstream;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Reads an upstream's answer: a GraphQL response, or the 502 that stands for it. */
final class UpstreamAnswers {

  private UpstreamAnswers() {}

  /**
   * The body of a non-5xx answer as a GraphQL response: a JSON object with {@code data} or {@code
   * errors}.
   */
  static Map<String, @Nullable Object> graphql(ObjectMapper json, HttpResponse<byte[]> response) {
    Map<String, @Nullable Object> body = HttpUpstream.jsonObject(json, response.body());
    if (body == null) {
      throw new UpstreamException(
          "upstream answered HTTP " + response.statusCode() + " with a body that is not JSON");
    }
    if (!(body.containsKey("data") || body.containsKey("errors"))) {
      throw new UpstreamException(
          "upstream answered HTTP " + response.statusCode() + " without data or errors");
    }
    return body;
  }

  /**
   * A 5xx: {@code UPSTREAM_ERROR} naming the status, with {@code extensions.upstream {status,
   * errors?}}, the errors being the upstream's GraphQL errors when its body had some.
   */
  static UpstreamException serverError(ObjectMapper json, int status, byte[] bytes) {
    Map<String, Object> upstream = new LinkedHashMap<>();
    upstream.put("status", status);
    Map<String, @Nullable Object> body = HttpUpstream.jsonObject(json, bytes);
    if (body != null && body.get("errors") instanceof List<?> errors && !errors.isEmpty()) {
      upstream.put("errors", errors);
    }
    String message = "upstream answered HTTP " + status;
    if (upstream.containsKey("errors")) {
      message += " with GraphQL errors (extensions.upstream.errors)";
    }
    return new UpstreamException(message, Map.of("upstream", upstream));
  }
}
