package dev.tollgate.registry.gateway;

import java.util.Collections;
import java.util.LinkedHashMap;
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
  private final @Nullable String contentType;
  private final byte @Nullable [] body;

  GatewayAnswer(
      int status,
      Map<String, String> headers,
      @Nullable String contentType,
      byte @Nullable [] body) {
    this.status = status;
    this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    this.contentType = contentType;
    this.body = body;
  }

  public int status() {
    return status;
  }

  public Map<String, String> headers() {
    return headers;
  }

  public @Nullable String contentType() {
    return contentType;
  }

  /** The body's bytes, owned by the caller from now on. */
  public byte @Nullable [] body() {
    return body;
  }
}
