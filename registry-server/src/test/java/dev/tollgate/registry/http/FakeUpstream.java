package dev.tollgate.registry.http;

import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.upstream.Upstream;
import dev.tollgate.registry.upstream.UpstreamException;
import dev.tollgate.registry.upstream.UpstreamResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;

/**
 * An upstream that records each request and answers {@code {"data":{"operationName":..}}}, or on
 * demand fails or answers with a GraphQL error; with {@link #answeringFor} the data also names the
 * caller the test says is calling ({@code "viewer"}), as an upstream that reads the caller's
 * credentials would, and with {@link #headers} it answers with those response headers.
 */
final class FakeUpstream implements Upstream {

  private final List<UpstreamRequest> requests = new CopyOnWriteArrayList<>();
  private volatile boolean failing;
  private volatile boolean erring;
  private volatile @Nullable String viewer;
  private volatile Map<String, List<String>> headers = Map.of();

  @Override
  public UpstreamResponse execute(UpstreamRequest request) {
    requests.add(request);
    if (failing) {
      throw new UpstreamException("upstream request failed: ConnectException");
    }
    Map<String, @Nullable Object> data = new LinkedHashMap<>();
    data.put("operationName", request.operationName());
    if (viewer != null) {
      data.put("viewer", viewer);
    }
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    if (erring) {
      body.put("errors", List.of(Map.of("message", "cargo unavailable", "path", List.of("cargo"))));
    }
    body.put("data", data);
    body.put("extensions", Map.of("upstream", "fake"));
    return new UpstreamResponse(200, body, headers);
  }

  List<UpstreamRequest> requests() {
    return requests;
  }

  void failing(boolean failing) {
    this.failing = failing;
  }

  /** The caller whose data the next answers hold ({@code null}: none). */
  void answeringFor(@Nullable String viewer) {
    this.viewer = viewer;
  }

  /** The response headers of the next answers. */
  void headers(Map<String, List<String>> headers) {
    this.headers = Map.copyOf(headers);
  }

  /** Answers 200 with {@code errors} (and the data) while set. */
  void erring(boolean erring) {
    this.erring = erring;
  }
}
