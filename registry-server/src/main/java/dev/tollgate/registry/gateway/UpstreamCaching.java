package dev.tollgate.registry.gateway;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the upstream's response headers allow the gateway's cache: nothing when it sets a cookie
 * ({@code Set-Cookie}: the answer started or changed a session), says {@code Cache-Control:
 * private}, {@code no-store} or {@code no-cache}, or varies ({@code Vary}) on a request header the
 * cache does not key on; else at most its {@code max-age} (or {@code s-maxage}, which a shared
 * cache obeys first), when it gives one.
 *
 * @param cacheable whether the answer may be kept and served again at all
 * @param maxAgeSeconds the longest the upstream allows, {@link Integer#MAX_VALUE} when it says
 *     nothing
 */
record UpstreamCaching(boolean cacheable, int maxAgeSeconds) {

  static final UpstreamCaching ANY = new UpstreamCaching(true, Integer.MAX_VALUE);
  static final UpstreamCaching NEVER = new UpstreamCaching(false, 0);

  /** Request headers the gateway sets itself on every upstream call, so a Vary on them is kept. */
  private static final Set<String> OWN_HEADERS =
      Set.of("accept", "accept-encoding", "content-type");

  /**
   * @param headers the upstream's response headers, names in any case
   * @param keyed the lower-cased request headers the cache keys on
   */
  static UpstreamCaching of(Map<String, List<String>> headers, List<String> keyed) {
    if (headers.isEmpty()) {
      return ANY;
    }
    if (!values(headers, "set-cookie").isEmpty() || variesOnOther(headers, keyed)) {
      return NEVER;
    }
    Integer maxAge = null;
    Integer sharedMaxAge = null;
    for (String directive : directives(values(headers, "cache-control"))) {
      if (directive.equals("private")
          || directive.equals("no-store")
          || directive.equals("no-cache")) {
        return NEVER;
      }
      Integer seconds = seconds(directive, "max-age=");
      maxAge = seconds != null ? seconds : maxAge;
      Integer shared = seconds(directive, "s-maxage=");
      sharedMaxAge = shared != null ? shared : sharedMaxAge;
    }
    Integer allowed = sharedMaxAge != null ? sharedMaxAge : maxAge;
    return allowed == null ? ANY : new UpstreamCaching(true, allowed);
  }

  /** The seconds the cache may keep the answer under a policy that allows {@code policy}. */
  int maxAge(int policy) {
    return Math.min(policy, maxAgeSeconds);
  }

  private static boolean variesOnOther(Map<String, List<String>> headers, List<String> keyed) {
    for (String name : directives(values(headers, "vary"))) {
      if (name.equals("*") || !(keyed.contains(name) || OWN_HEADERS.contains(name))) {
        return true;
      }
    }
    return false;
  }

  /** Every comma-separated item of {@code values}, trimmed and lower-cased. */
  private static List<String> directives(List<String> values) {
    List<String> items = new ArrayList<>();
    for (String value : values) {
      for (String item : value.split(",")) {
        String trimmed = item.trim().toLowerCase(Locale.ROOT);
        if (!trimmed.isEmpty()) {
          items.add(trimmed);
        }
      }
    }
    return items;
  }

  /**
   * The seconds of {@code max-age=N} (quoted or not); a value that is not a number counts as 0, as
   * RFC 9111 asks of a malformed one.
   */
  private static @Nullable Integer seconds(String directive, String prefix) {
    if (!directive.startsWith(prefix)) {
      return null;
    }
    String value = directive.substring(prefix.length()).replace("\"", "");
    try {
      long seconds = Long.parseLong(value);
      return (int) Math.max(0, Math.min(Integer.MAX_VALUE, seconds));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** The values of header {@code name}, whatever the case of the map's names. */
  private static List<String> values(Map<String, List<String>> headers, String name) {
    List<String> values = new ArrayList<>();
    for (Map.Entry<String, List<String>> header : headers.entrySet()) {
      if (header.getKey().equalsIgnoreCase(name)) {
        values.addAll(header.getValue());
      }
    }
    return values;
  }
}
