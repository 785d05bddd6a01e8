package dev.tollgate.registry.upstream;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The rules of the header names in {@code upstream.forwardHeaders}, {@code upstream.headers},
 * {@code upstream.returnHeaders} and {@code upstream.unkeyedHeaders}: valid tokens, compared
 * case-insensitively, never one that is Tollgate's own credential or belongs to one HTTP connection
 * rather than to the request, and never a credential left out of the response cache's key.
 */
final class UpstreamHeaders {

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

  /**
   * The credentials the upstream is told: the response cache always keys on them, forwarded or not,
   * and they may never be unkeyed.
   */
  public static final List<String> ALWAYS_KEYED = List.of("authorization", "cookie");

  /** A header name: an RFC 9110 token. The one copy of this rule. */
  private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

  private static final Pattern VALUE = Pattern.compile("[\\t\\x20-\\x7e\\x80-\\xff]*");

  private UpstreamHeaders() {}

  /** Whether {@code name} is a header name (an RFC 9110 token); {@code null} is not. */
  static boolean isHeaderName(@Nullable String name) {
    return name != null && TOKEN.matcher(name).matches();
  }

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
   * {@code upstream.unkeyedHeaders}, lower case, without repeats, in their order: each a header
   * name, not one of {@link #ALWAYS_KEYED}, in {@code forwarded} and not in {@code vary} (which
   * keys the cache by name); refused naming its index.
   *
   * @param forwarded {@code upstream.forwardHeaders}, lower case
   * @param vary {@code upstream.varyHeaders}, lower case
   */
  static List<String> unkeyed(List<String> names, List<String> forwarded, List<String> vary) {
    List<String> lower = new ArrayList<>(names.size());
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      String at = "upstream.unkeyedHeaders[" + i + "]";
      require(isHeaderName(name), at + " must be a header name: " + name);
      String checked = name.toLowerCase(Locale.ROOT);
      require(
          !ALWAYS_KEYED.contains(checked),
          at
              + " names "
              + name
              + ": the response cache always keys on the credentials authorization and cookie");
      require(
          forwarded.contains(checked),
          at + " names " + name + ", which is not in upstream.forwardHeaders");
      require(
          !vary.contains(checked),
          at + " names " + name + ", which upstream.varyHeaders keys the response cache on");
      if (!lower.contains(checked)) {
        lower.add(checked);
      }
    }
    return List.copyOf(lower);
  }

  /**
   * The default {@code upstream.unkeyedHeaders}: those of {@link
   * UpstreamSettings#DEFAULT_UNKEYED_HEADERS} that {@code forwarded} names and {@code vary} does
   * not (names in any case).
   */
  static List<String> defaultUnkeyed(List<String> forwarded, List<String> vary) {
    List<String> unkeyed = new ArrayList<>();
    for (String name : UpstreamSettings.DEFAULT_UNKEYED_HEADERS) {
      if (containsIgnoringCase(forwarded, name) && !containsIgnoringCase(vary, name)) {
        unkeyed.add(name);
      }
    }
    return List.copyOf(unkeyed);
  }

  private static boolean containsIgnoringCase(List<String> names, String name) {
    for (String candidate : names) {
      if (name.equalsIgnoreCase(candidate)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Static headers, names as written, in their order; refused naming {@code keyPath}. One may be
   * called {@code X-API-Key} (an upstream's own key is not the caller's).
   */
  static Map<String, String> values(String keyPath, Map<String, String> headers) {
    Map<String, String> copy = new LinkedHashMap<>();
    for (Map.Entry<String, String> header : headers.entrySet()) {
      checked(keyPath, header.getKey(), true);
      require(
          header.getValue() != null && VALUE.matcher(header.getValue()).matches(),
          keyPath + "." + header.getKey() + " must be a header value without control characters");
      copy.put(header.getKey(), header.getValue());
    }
    return Collections.unmodifiableMap(copy);
  }

  static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException(message);
    }
  }

  private static String checked(String keyPath, String name, boolean apiKeyAllowed) {
    require(isHeaderName(name), keyPath + " has a name that is not an HTTP header name: " + name);
    boolean apiKey = name.equalsIgnoreCase("x-api-key");
    require(
        !neverForwarded(name) || (apiKey && apiKeyAllowed),
        keyPath
            + " must not name "
            + name
            + ": X-API-Key, hop-by-hop headers, Host, Content-Length and Content-Encoding are"
            + " never forwarded");
    return name.toLowerCase(Locale.ROOT);
  }
}
