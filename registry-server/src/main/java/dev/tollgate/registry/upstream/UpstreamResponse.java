package dev.tollgate.registry.upstream;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The upstream's answer: its HTTP status, its JSON body ({@code data}, {@code errors}, {@code
 * extensions}), into which the gateway writes its own extensions, and its response headers.
 *
 * @param headers the upstream's response headers, keyed case-insensitively ({@code
 *     headers().get("set-cookie")}); empty for the in-process demo
 */
public record UpstreamResponse(int status, UpstreamBody body, Map<String, List<String>> headers) {

  public UpstreamResponse {
    Map<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.forEach((name, values) -> copy.put(name, List.copyOf(values)));
    headers = Collections.unmodifiableMap(copy);
  }

  /** An answer held as a map, with headers. */
  public UpstreamResponse(
      int status, Map<String, @Nullable Object> body, Map<String, List<String>> headers) {
    this(status, UpstreamBody.of(body), headers);
  }

  /** Without headers: an in-process upstream's answer. */
  public UpstreamResponse(int status, Map<String, @Nullable Object> body) {
    this(status, UpstreamBody.of(body), Map.of());
  }
}
