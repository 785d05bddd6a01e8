package dev.tollgate.registry.upstream;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Reads an upstream's answer: a GraphQL response, or the 502 that stands for it. */
final class UpstreamAnswers {

  private static final TypeReference<LinkedHashMap<String, @Nullable Object>> MAP =
      new TypeReference<>() {};

  private UpstreamAnswers() {}

  /** Reads JSON objects as maps; made once, as resolving the map type per answer costs. */
  static ObjectReader reader(ObjectMapper json) {
    return json.readerFor(MAP);
  }

  /**
   * The body of a non-5xx answer as a GraphQL response: a JSON object with {@code data} or {@code
   * errors}.
   */
  static UpstreamBody graphql(ObjectReader reader, int status, byte[] bytes) {
    UpstreamBody body = UpstreamBody.read(reader, bytes);
    if (body == null) {
      throw new UpstreamException(
          "upstream answered HTTP " + status + " with a body that is not JSON");
    }
    if (!body.dataOrErrors()) {
      throw new UpstreamException("upstream answered HTTP " + status + " without data or errors");
    }
    return body;
  }

  /**
   * A 5xx: {@code UPSTREAM_ERROR} naming the status, with {@code extensions.upstream {status,
   * errors?}}, the errors being the upstream's GraphQL errors when its body had some.
   */
  static UpstreamException serverError(ObjectReader reader, int status, byte[] bytes) {
    Map<String, Object> upstream = new LinkedHashMap<>();
    upstream.put("status", status);
    Map<String, @Nullable Object> body = jsonObject(reader, bytes);
    if (body != null && body.get("errors") instanceof List<?> errors && !errors.isEmpty()) {
      upstream.put("errors", errors);
    }
    String message = "upstream answered HTTP " + status;
    if (upstream.containsKey("errors")) {
      message += " with GraphQL errors (extensions.upstream.errors)";
    }
    return new UpstreamException(message, Map.of("upstream", upstream));
  }

  /** Reads {@code bytes} as a JSON object, or {@code null} when they are not one. */
  private static @Nullable Map<String, @Nullable Object> jsonObject(
      ObjectReader reader, byte[] bytes) {
    try {
      return reader.readValue(bytes);
    } catch (IOException e) {
      return null;
    }
  }
}
