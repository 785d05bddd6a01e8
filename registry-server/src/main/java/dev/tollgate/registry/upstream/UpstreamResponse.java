package dev.tollgate.registry.upstream;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The upstream's answer: its HTTP status, its JSON body as a map ({@code data}, {@code errors},
 * {@code extensions}), into which the gateway merges its own extensions, and its response headers
 * (names in any case; empty for the in-process demo service), which decide whether the answer may
 * be cached.
 */
public record UpstreamResponse(
    int status, Map<String, @Nullable Object> body, Map<String, List<String>> headers) {

  public UpstreamResponse {
    headers = Map.copyOf(headers);
  }

  /** An answer without headers, as the in-process demo service gives. */
  public UpstreamResponse(int status, Map<String, @Nullable Object> body) {
    this(status, body, Map.of());
  }
}
