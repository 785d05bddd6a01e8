package dev.tollgate.registry.gateway;

import dev.tollgate.registry.upstream.UpstreamResponse;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The headers of an upstream call, and those of its answer that go back to the caller. The config
 * ({@code UpstreamHeaders}) has already refused names never forwarded ({@code X-API-Key},
 * hop-by-hop, {@code Host}, {@code Content-Length}, {@code Content-Encoding}), so none can be here.
 */
final class UpstreamCallHeaders {

  static final String CLIENT = "X-Tollgate-Client";
  static final String OPERATION = "X-Tollgate-Operation";

  private UpstreamCallHeaders() {}

  /**
   * In order: the caller's headers named in {@code upstream.forwardHeaders}, the static {@code
   * upstream.headers} (replacing a forwarded one of the same name), and, with {@code
   * identifyClient}, {@code X-Tollgate-Client} and {@code X-Tollgate-Operation} (replacing any of
   * those the caller sent).
   */
  static Map<String, List<String>> toUpstream(
      UpstreamSettings config,
      GatewayCall.Headers caller,
      String policyName,
      @Nullable String operationName) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (String name : config.forwardHeaders()) {
      List<String> values = caller.values(name);
      if (!values.isEmpty()) {
        headers.put(name, List.copyOf(values));
      }
    }
    config.headers().forEach((name, value) -> put(headers, name, value));
    if (config.identifyClient()) {
      put(headers, CLIENT, policyName);
      if (operationName != null) {
        put(headers, OPERATION, operationName);
      }
    }
    return headers;
  }

  /** The answer's {@code Set-Cookie} headers and those named in {@code upstream.returnHeaders}. */
  static Map<String, List<String>> toCaller(UpstreamSettings config, UpstreamResponse response) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    copy(response, "set-cookie", headers);
    for (String name : config.returnHeaders()) {
      copy(response, name, headers);
    }
    return headers;
  }

  private static void copy(
      UpstreamResponse response, String name, Map<String, List<String>> headers) {
    List<String> values = response.headers().get(name);
    if (values != null && !values.isEmpty()) {
      headers.put(name, values);
    }
  }

  /** Sets {@code name} to {@code value}, replacing a header of that name in any case. */
  private static void put(Map<String, List<String>> headers, String name, String value) {
    headers
        .keySet()
        .removeIf(key -> key.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT)));
    headers.put(name, List.of(value));
  }
}
