package dev.tollgate.registry.gateway;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the gateway answers to one request, ready to be written: the status, the headers in order,
 * and the body with its media type ({@code null} for a 304, which has neither). A class rather than
 * a record because the body is an array: it is handed over as is, not copied, and two answers are
 * not compared.
 */
public final class GatewayAnswer {

  private final int status;
  private final Map<String, String> headers;
  private final Map<String, List<String>> upstreamHeaders;
  private final @Nullable String contentType;
  private final byte @Nullable [] body;

  GatewayAnswer(
      int status,
      Map<String, String> headers,
      @Nullable String contentType,
      byte @Nullable [] body) {
    this(status, headers, Map.of(), contentType, body);
  }

  GatewayAnswer(
      int status,
      Map<String, String> headers,
      Map<String, List<String>> upstreamHeaders,
      @Nullable String contentType,
      byte @Nullable [] body) {
    this(
        status,
        Collections.unmodifiableMap(new LinkedHashMap<>(headers)),
        Collections.unmodifiableMap(new LinkedHashMap<>(upstreamHeaders)),
        contentType,
        body,
        true);
  }

  /** {@code wrapped}: only to tell this constructor apart; the maps are kept as they are given. */
  private GatewayAnswer(
      int status,
      Map<String, String> headers,
      Map<String, List<String>> upstreamHeaders,
      @Nullable String contentType,
      byte @Nullable [] body,
      boolean wrapped) {
    this.status = status;
    this.headers = headers;
    this.upstreamHeaders = upstreamHeaders;
    this.contentType = contentType;
    this.body = body;
  }

  /**
   * An answer that takes {@code headers} and {@code upstreamHeaders} as they are, without a copy:
   * for a {@link Reply}, which builds them for this answer alone and is done with them.
   */
  static GatewayAnswer taking(
      int status,
      Map<String, String> headers,
      Map<String, List<String>> upstreamHeaders,
      @Nullable String contentType,
      byte @Nullable [] body) {
    return new GatewayAnswer(
        status,
        Collections.unmodifiableMap(headers),
        Collections.unmodifiableMap(upstreamHeaders),
        contentType,
        body,
        true);
  }

  public int status() {
    return status;
  }

  public Map<String, String> headers() {
    return headers;
  }

  /**
   * Headers of the upstream's answer passed back to the caller ({@code Set-Cookie}, {@code
   * upstream.returnHeaders}): each value is one header line, added after {@link #headers()}.
   */
  public Map<String, List<String>> upstreamHeaders() {
    return upstreamHeaders;
  }

  public @Nullable String contentType() {
    return contentType;
  }

  /** The body's bytes, owned by the caller from now on. */
  public byte @Nullable [] body() {
    return body;
  }
}
