package dev.tollgate.registry.gateway;

import dev.tollgate.registry.document.Sha256;
import dev.tollgate.registry.keys.KeySecrets;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The request headers the upstream's answer may depend on ({@link
 * UpstreamSettings#cacheKeyHeaders}): {@code authorization}, {@code cookie}, every other forwarded
 * header but those of {@code upstream.unkeyedHeaders}, and {@code upstream.varyHeaders}. The
 * response cache keys on a SHA-256 digest of them, so an answer made for one caller is never served
 * to a caller who sent the upstream anything else (the digest, not the values, is kept in memory),
 * and {@code Vary} names them on every answer, so a shared cache in front of the gateway keys on
 * them too.
 */
final class CacheKeyHeaders {

  /**
   * This thread's last input and its digest: a caller's requests on one connection (a bearer token
   * of 700 bytes, a cookie) are digested once, then compared (in constant time: the input holds
   * another caller's credentials), which costs a tenth of SHA-256 over them.
   */
  private static final ThreadLocal<Digested> LAST = ThreadLocal.withInitial(Digested::new);

  /** Lower-cased, in order: {@code authorization}, {@code cookie}, then the others. */
  private final List<String> names;

  private final String vary;

  /**
   * @param names the lower-cased header names, in the order {@code Vary} names them
   */
  CacheKeyHeaders(List<String> names) {
    this.names = List.copyOf(names);
    List<String> named = new ArrayList<>(List.of("X-API-Key", "Accept"));
    for (String name : names) {
      if (!name.equals("x-api-key") && !name.equals("accept")) {
        named.add(display(name));
      }
    }
    this.vary = String.join(", ", named);
  }

  /** The headers {@code upstream} keys the cache on. */
  static CacheKeyHeaders of(UpstreamSettings upstream) {
    return new CacheKeyHeaders(upstream.cacheKeyHeaders());
  }

  /** The lower-cased names, {@code authorization} and {@code cookie} first. */
  List<String> names() {
    return names;
  }

  /**
   * The {@code Vary} of every {@code /graphql} answer: the key, the media type, the headers of the
   * cache key.
   */
  String vary() {
    return vary;
  }

  /**
   * The digest of the keyed headers in {@code headers} (keyed by lower-cased name), or the empty
   * string when the request sent none of them. Each header present goes in as its name and every
   * value, each prefixed by its length, so no two different sets of headers share an input.
   */
  String digest(Map<String, List<String>> headers) {
    if (!anyPresent(headers)) {
      return ""; // the common case of a caller by key alone: nothing built, nothing compared
    }
    Digested last = LAST.get();
    if (last.owner == this && last.sameValues(names, headers)) {
      return last.digest;
    }
    StringBuilder input = new StringBuilder(256);
    for (String name : names) {
      List<String> values = headers.get(name);
      if (values == null || values.isEmpty()) {
        continue;
      }
      append(input, name);
      input.append(values.size()).append(':');
      for (String value : values) {
        append(input, value);
      }
    }
    last.remember(this, names, headers, Sha256.hex(input.toString()));
    return last.digest;
  }

  private boolean anyPresent(Map<String, List<String>> headers) {
    for (String name : names) {
      List<String> values = headers.get(name);
      if (values != null && !values.isEmpty()) {
        return true;
      }
    }
    return false;
  }

  private static void append(StringBuilder input, String text) {
    input.append(text.length()).append(':').append(text);
  }

  /** {@code x-tenant-id} as {@code X-Tenant-Id}. */
  private static String display(String name) {
    StringBuilder out = new StringBuilder(name.length());
    boolean start = true;
    for (char c : name.toCharArray()) {
      out.append(start ? Character.toUpperCase(c) : c);
      start = c == '-';
    }
    return out.toString();
  }

  /**
   * A thread's last keyed values and their digest. The values are compared where they are, one by
   * one in constant time, so a repeated request builds no input and allocates nothing.
   */
  private static final class Digested {
    @Nullable CacheKeyHeaders owner;
    List<List<String>> values = List.of(); // per name, empty when absent
    String digest = "";

    boolean sameValues(List<String> names, Map<String, List<String>> headers) {
      List<List<String>> known = values;
      boolean same = known.size() == names.size();
      for (int i = 0; same && i < known.size(); i++) {
        List<String> now = headers.get(names.get(i));
        List<String> then = known.get(i);
        if (now == null || now.isEmpty()) {
          same = then.isEmpty();
        } else if (then.size() != now.size()) {
          same = false;
        } else {
          for (int v = 0; v < now.size(); v++) {
            same &= KeySecrets.same(then.get(v), now.get(v));
          }
        }
      }
      return same;
    }

    void remember(
        CacheKeyHeaders headersOwner,
        List<String> names,
        Map<String, List<String>> headers,
        String digested) {
      List<List<String>> kept = new ArrayList<>(names.size());
      for (String name : names) {
        List<String> now = headers.get(name);
        kept.add(now == null ? List.of() : List.copyOf(now));
      }
      owner = headersOwner;
      values = kept;
      digest = digested;
    }
  }
}
