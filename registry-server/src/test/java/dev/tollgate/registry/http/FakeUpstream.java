package dev.tollgate.registry.http;

import dev.tollgate.registry.upstream.Upstream;
import dev.tollgate.registry.upstream.UpstreamException;
import dev.tollgate.registry.upstream.UpstreamRequest;
import dev.tollgate.registry.upstream.UpstreamResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;

/**
 * An upstream that records each request and answers {@code {"data":{"operationName":..}}}, or on
 * demand fails or answers with a GraphQL error.
 */
final class FakeUpstream implements Upstream {

  private final List<UpstreamRequest> requests = new CopyOnWriteArrayList<>();
  private volatile boolean failing;
  private volatile boolean erring;

  @Override
  public UpstreamResponse execute(UpstreamRequest request) {
    requests.add(request);
    if (failing) {
      throw new UpstreamException("upstream request failed: ConnectException");
    }
    Map<String, @Nullable Object> data = new LinkedHashMap<>();
    data.put("operationName", request.operationName());
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    if (erring) {
      body.put("errors", List.of(Map.of("message", "cargo unavailable", "path", List.of("cargo"))));
    }
    body.put("data", data);
    body.put("extensions", Map.of("upstream", "fake"));
    return new UpstreamResponse(200, body);
  }

  List<UpstreamRequest> requests() {
    return requests;
  }

  void failing(boolean failing) {
    this.failing = failing;
  }

  /** Answers 200 with {@code errors} (and the data) while set. */
  void erring(boolean erring) {
    this.erring = erring;
  }
}
