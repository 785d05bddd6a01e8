package dev.tollgate.registry.gateway;

import java.util.Collections;
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

  /**
   * Takes {@code headers} and {@code upstreamHeaders} as they are, without a copy: a {@link Reply}
   * builds them for this answer alone and is done with them.
   */
  GatewayAnswer(
      int status,
      Map<String, String> headers,
      Map<String, List<String>> upstreamHeaders,
      @Nullable String contentType,
      byte @Nullable [] body) {
    this.status = status;
    this.headers = Collections.unmodifiableMap(headers);
    this.upstreamHeaders = Collections.unmodifiableMap(upstreamHeaders);
    this.contentType = contentType;
    this.body = body;
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
