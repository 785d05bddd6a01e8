package dev.tollgate.registry.upstream;

import static dev.tollgate.registry.upstream.UpstreamHeaders.require;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The {@code upstream} section: the upstream and how it is called ({@code README.md}, "In front of
 * your API").
 *
 * @param url the upstream GraphQL endpoint; {@code null} runs the in-process demo service
 * @param timeoutMillis the deadline of one whole exchange: connecting, the headers and the body
 * @param maxResponseBytes the largest upstream answer read; a larger one is a 502
 * @param maxInFlight the most upstream calls at once; past it a request is refused with 503
 * @param forwardHeaders request headers copied to the upstream call, lower case; never one of
 *     {@link UpstreamHeaders#NEVER_FORWARDED} (nor {@code proxy-*})
 * @param headers static headers added to every upstream call, in their order
 * @param identifyClient whether upstream calls carry {@code X-Tollgate-Client} (the caller's policy
 *     name) and {@code X-Tollgate-Operation} (the operation name)
 * @param returnHeaders upstream response headers copied back to the caller, lower case, beside
 *     {@code Set-Cookie}, which always is
 * @param varyHeaders request headers, besides {@code authorization}, {@code cookie} and the
 *     forwarded ones, that the upstream's answers depend on: the response cache keys on them
 *     (lower-cased) and {@code Vary} names them, forwarded or not
 * @param unkeyedHeaders forwarded headers, lower case, that the response cache does not key on and
 *     {@code Vary} does not name ({@link #cacheKeyHeaders}); never {@code authorization} nor {@code
 *     cookie}, each in {@code forwardHeaders}; by default those of {@link #DEFAULT_UNKEYED_HEADERS}
 *     that are forwarded and not in {@code varyHeaders} ({@link #withHeaderRules})
 * @param h2c whether an {@code http://} upstream is called over HTTP/2 with prior knowledge (h2c,
 *     {@link H2cExchange}) instead of HTTP/1.1: for an upstream that speaks it; off by default
 */
public record UpstreamSettings(
    @Nullable String url,
    int timeoutMillis,
    long maxResponseBytes,
    int maxInFlight,
    List<String> forwardHeaders,
    Map<String, String> headers,
    boolean identifyClient,
    List<String> returnHeaders,
    List<String> varyHeaders,
    List<String> unkeyedHeaders,
    boolean h2c) {

  /**
   * The per-request tracing headers: each request's own, so keying on them would make every entry
   * of the response cache a miss. Those of them that are forwarded are unkeyed by default.
   */
  public static final List<String> DEFAULT_UNKEYED_HEADERS =
      List.of("traceparent", "tracestate", "baggage", "x-request-id");

  /**
   * 16 MiB answers; at most 64 calls at once, about a quarter of the 250 threads of Javalin's Jetty
   * pool, so that a stuck upstream holds at most that many while the others answer refusals, {@code
   * /health} and cached answers.
   */
  public static final UpstreamSettings DEFAULTS =
      new UpstreamSettings(
          null,
          5_000,
          16L << 20,
          64,
          List.of(
              "authorization",
              "cookie",
              "traceparent",
              "tracestate",
              "baggage",
              "x-request-id",
              "accept-language"),
          Map.of(),
          true,
          List.of(),
          List.of(),
          DEFAULT_UNKEYED_HEADERS,
          false);

  public UpstreamSettings {
    require(timeoutMillis > 0, "upstream.timeoutMillis must be positive: " + timeoutMillis);
    require(
        url == null || url.startsWith("http://") || url.startsWith("https://"),
        "upstream.url must be an http(s) URL: " + url);
    require(
        maxResponseBytes > 0, "upstream.maxResponseBytes must be positive: " + maxResponseBytes);
    require(maxInFlight > 0, "upstream.maxInFlight must be positive: " + maxInFlight);
    forwardHeaders = UpstreamHeaders.names("upstream.forwardHeaders", forwardHeaders);
    headers = UpstreamHeaders.values("upstream.headers", headers);
    returnHeaders = UpstreamHeaders.names("upstream.returnHeaders", returnHeaders);
    List<String> names = new ArrayList<>();
    for (int i = 0; i < varyHeaders.size(); i++) {
      String name = varyHeaders.get(i);
      require(
          UpstreamHeaders.isHeaderName(name),
          "upstream.varyHeaders[" + i + "] must be a header name: " + name);
      names.add(name.toLowerCase(Locale.ROOT));
    }
    varyHeaders = List.copyOf(names);
    unkeyedHeaders = UpstreamHeaders.unkeyed(unkeyedHeaders, forwardHeaders, varyHeaders);
    require(
        !h2c || url == null || url.startsWith("http://"),
        "upstream.h2c needs an http:// upstream.url (h2c is HTTP/2 without TLS): " + url);
  }

  /** This upstream at {@code url} ({@code null}: the in-process demo service). */
  public UpstreamSettings withUrl(@Nullable String url) {
    return new UpstreamSettings(
        url,
        timeoutMillis,
        maxResponseBytes,
        maxInFlight,
        forwardHeaders,
        headers,
        identifyClient,
        returnHeaders,
        varyHeaders,
        unkeyedHeaders,
        h2c);
  }

  /** This upstream with other bounds, for tests and benchmarks. */
  public UpstreamSettings withBounds(int timeoutMillis, long maxResponseBytes, int maxInFlight) {
    return new UpstreamSettings(
        url,
        timeoutMillis,
        maxResponseBytes,
        maxInFlight,
        forwardHeaders,
        headers,
        identifyClient,
        returnHeaders,
        varyHeaders,
        unkeyedHeaders,
        h2c);
  }

  /** This upstream called over h2c ({@code true}) or HTTP/1.1. */
  public UpstreamSettings withH2c(boolean h2c) {
    return new UpstreamSettings(
        url,
        timeoutMillis,
        maxResponseBytes,
        maxInFlight,
        forwardHeaders,
        headers,
        identifyClient,
        returnHeaders,
        varyHeaders,
        unkeyedHeaders,
        h2c);
  }

  /** This upstream with other bounds, keeping its size limits. */
  public UpstreamSettings withTimeoutMillis(int timeoutMillis) {
    return withBounds(timeoutMillis, maxResponseBytes, maxInFlight);
  }

  /**
   * This upstream with other header rules, and the default {@code unkeyedHeaders} among them: those
   * of {@link #DEFAULT_UNKEYED_HEADERS} that {@code forwardHeaders} names and {@code varyHeaders}
   * does not.
   */
  public UpstreamSettings withHeaderRules(
      List<String> forwardHeaders,
      Map<String, String> headers,
      boolean identifyClient,
      List<String> returnHeaders,
      List<String> varyHeaders) {
    return new UpstreamSettings(
        url,
        timeoutMillis,
        maxResponseBytes,
        maxInFlight,
        forwardHeaders,
        headers,
        identifyClient,
        returnHeaders,
        varyHeaders,
        UpstreamHeaders.defaultUnkeyed(forwardHeaders, varyHeaders),
        h2c);
  }

  /** This upstream with the default {@code unkeyedHeaders} of its own header rules. */
  public UpstreamSettings withDefaultUnkeyedHeaders() {
    return withHeaderRules(forwardHeaders, headers, identifyClient, returnHeaders, varyHeaders);
  }

  /** This upstream with other {@code unkeyedHeaders}. */
  public UpstreamSettings withUnkeyedHeaders(List<String> unkeyedHeaders) {
    return new UpstreamSettings(
        url,
        timeoutMillis,
        maxResponseBytes,
        maxInFlight,
        forwardHeaders,
        headers,
        identifyClient,
        returnHeaders,
        varyHeaders,
        unkeyedHeaders,
        h2c);
  }

  /**
   * The request headers the response cache keys on and {@code Vary} names, lower case, in this
   * order: {@code authorization} and {@code cookie} (forwarded or not), every other forwarded
   * header but the {@code unkeyedHeaders}, then the {@code varyHeaders}. So whatever the upstream
   * is sent of the caller's headers keys the cache, unless the config says otherwise by name.
   */
  public List<String> cacheKeyHeaders() {
    Set<String> keyed = new LinkedHashSet<>(UpstreamHeaders.ALWAYS_KEYED);
    for (String name : forwardHeaders) {
      if (!unkeyedHeaders.contains(name)) {
        keyed.add(name);
      }
    }
    keyed.addAll(varyHeaders);
    return List.copyOf(keyed);
  }

  /**
   * What the response cache keys on, for the start log and banner: {@code authorization, cookie,
   * accept-language; not on traceparent, tracestate, baggage, x-request-id
   * (upstream.unkeyedHeaders)}.
   */
  public String describeCacheKey() {
    String keyed = String.join(", ", cacheKeyHeaders());
    if (unkeyedHeaders.isEmpty()) {
      return keyed + "; every forwarded header";
    }
    return keyed + "; not on " + String.join(", ", unkeyedHeaders) + " (upstream.unkeyedHeaders)";
  }
}
