package dev.tollgate.registry.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules of the header names in {@code upstream.forwardHeaders}, {@code upstream.headers} and
 * {@code upstream.returnHeaders}: valid tokens, compared case-insensitively, and never one that is
 * Tollgate's own credential or belongs to one HTTP connection rather than to the request.
 */
public final class UpstreamHeaders {

  /**
   * Never forwarded nor returned, whatever the config says: the caller's {@code X-API-Key}
   * (Tollgate's credential, not the upstream's), the hop-by-hop headers of RFC 9110 §7.6.1, and the
   * framing of a body the gateway re-encodes. {@code proxy-*} is refused too.
   */
  public static final Set<String> NEVER_FORWARDED =
      Set.of(
          "x-api-key",
          "connection",
          "keep-alive",
          "te",
          "trailer",
          "transfer-encoding",
          "upgrade",
          "host",
          "content-length",
          "content-encoding");

  /** RFC 9110 token characters. */
  private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

  private static final Pattern VALUE = Pattern.compile("[\\t\\x20-\\x7e\\x80-\\xff]*");

  private UpstreamHeaders() {}

  /** Whether {@code name} (any case) may never be forwarded or returned. */
  public static boolean neverForwarded(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return NEVER_FORWARDED.contains(lower) || lower.startsWith("proxy-");
  }

  /** The names, lower case, without repeats, in their order; refused naming {@code keyPath}. */
  static List<String> names(String keyPath, List<String> names) {
    List<String> lower = new ArrayList<>(names.size());
    for (String name : names) {
      String checked = checked(keyPath, name, false);
      if (!lower.contains(checked)) {
        lower.add(checked);
      }
    }
    return List.copyOf(lower);
  }

  /**
   * Static headers, names as written, in their order; refused naming {@code keyPath}. One may be
   * called {@code X-API-Key} (an upstream's own key is not the caller's).
   */
  static Map<String, String> values(String keyPath, Map<String, String> headers) {
    Map<String, String> copy = new LinkedHashMap<>();
    for (Map.Entry<String, String> header : headers.entrySet()) {
      checked(keyPath, header.getKey(), true);
      ServerConfig.require(
          header.getValue() != null && VALUE.matcher(header.getValue()).matches(),
          keyPath + "." + header.getKey() + " must be a header value without control characters");
      copy.put(header.getKey(), header.getValue());
    }
    return Collections.unmodifiableMap(copy);
  }

  private static String checked(String keyPath, String name, boolean apiKeyAllowed) {
    ServerConfig.require(
        name != null && TOKEN.matcher(name).matches(),
        keyPath + " has a name that is not an HTTP header name: " + name);
    boolean apiKey = name.equalsIgnoreCase("x-api-key");
    ServerConfig.require(
        !neverForwarded(name) || (apiKey && apiKeyAllowed),
        keyPath
            + " must not name "
            + name
            + ": X-API-Key, hop-by-hop headers, Host, Content-Length and Content-Encoding are"
            + " never forwarded");
    return name.toLowerCase(Locale.ROOT);
  }
}
