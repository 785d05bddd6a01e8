package dev.tollgate.registry.http;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.util.UrlEncoded;
import org.jspecify.annotations.Nullable;

/**
 * A {@code GET /graphql}'s query string as parameters, decoded by Jetty's {@link UrlEncoded} as
 * UTF-8 ({@code +} a space; a bad escape such as {@code %zz} kept as it is and a bad UTF-8 byte as
 * U+FFFD, so the parameter it spoils is refused by what reads it, never dropped). Javalin's {@code
 * ctx.queryParamMap()} split and decoded the same string through Kotlin collections and a {@code
 * URLDecoder} per part: 6.6% of a registered GET's CPU in a profile of the load test.
 */
final class QueryParameters {

  private QueryParameters() {}

  /** Each parameter's values, in order; empty for a request without a query string. */
  static Map<String, List<String>> of(@Nullable String query) {
    Map<String, List<String>> parameters = new HashMap<>(8);
    if (query == null || query.isEmpty()) {
      return parameters;
    }
    UrlEncoded.decodeUtf8To(
        query,
        0,
        query.length(),
        (name, value) -> parameters.computeIfAbsent(name, n -> new ArrayList<>(1)).add(value),
        true,
        true,
        true);
    return parameters;
  }
}
