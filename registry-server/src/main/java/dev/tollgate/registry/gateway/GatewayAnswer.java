package dev.tollgate.registry.gateway;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the gateway answers to one request, ready to be written: the status, the headers in order,
 * and the body with its media type ({@code null} for a 304, which has neither).
 */
public record GatewayAnswer(int status, Map<String, String> headers, @Nullable String contentType,
    byte @Nullable [] body) {

  public GatewayAnswer {
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }
}
