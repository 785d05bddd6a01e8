package dev.tollgate.registry.upstream;

import dev.tollgate.registry.admission.UpstreamRequest;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hc.core5.http.io.entity.InputStreamEntity;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.InputStreamResponseListener;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.http.HttpCookieStore;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http2.client.HTTP2Client;
import org.eclipse.jetty.http2.client.transport.HttpClientTransportOverHTTP2;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The exchange over HTTP/2 with prior knowledge (h2c: no TLS, no {@code Upgrade}), for an upstream
 * that speaks it ({@code upstream.h2c}): Jetty's HTTP/2 client, its calls multiplexed as streams on
 * a few connections. Jetty reads on its own I/O thread and hands the answer to the caller's, the
 * hand-over the HTTP/1.1 exchange avoids; what h2c buys is fewer connections to the upstream.
 *
 * <p>The same bounds as over HTTP/1.1: one deadline for the whole exchange (Jetty's total timeout
 * of the request, headers and body), the answer read only up to {@code maxResponseBytes} (the
 * stream is reset past it), at most {@code maxConnections} connections and queued calls, no
 * cookies, redirects, authentication handling, compression or user agent. Nothing is retried: a
 * stream the upstream refused or reset is a 502.
 */
final class H2cExchange implements UpstreamExchange {

  private final URI endpoint;
  private final Duration timeout;
  private final long maxResponseBytes;
  private final HttpClient client;

  H2cExchange(URI endpoint, Duration timeout, long maxResponseBytes, int maxConnections) {
    this.endpoint = endpoint;
    this.timeout = timeout;
    this.maxResponseBytes = maxResponseBytes;
    this.client = client(timeout, maxConnections);
  }

  private static HttpClient client(Duration timeout, int maxConnections) {
    HTTP2Client http2 = new HTTP2Client();
    http2.setSelectors(1);
    HttpClient client = new HttpClient(new HttpClientTransportOverHTTP2(http2));
    QueuedThreadPool threads = new QueuedThreadPool(8, 2);
    threads.setName("tollgate-upstream-h2c");
    threads.setDaemon(true);
    client.setExecutor(threads);
    client.setConnectTimeout(timeout.toMillis());
    client.setMaxConnectionsPerDestination(maxConnections);
    client.setMaxRequestsQueuedPerDestination(maxConnections);
    client.setFollowRedirects(false);
    client.setHttpCookieStore(new HttpCookieStore.Empty());
    client.setUserAgentField(null);
    client.getProtocolHandlers().clear(); // no 401 / 100-continue / redirect handling
    client.getContentDecoderFactories().clear(); // no Accept-Encoding: the cap counts wire bytes
    try {
      client.start();
    } catch (Exception e) {
      throw new IllegalStateException("cannot start the h2c upstream client", e);
    }
    return client;
  }

  @Override
  public Exchanged exchange(UpstreamRequest request, byte[] body, long deadlineNanos) {
    long left = deadlineNanos - System.nanoTime();
    if (left <= 0) {
      throw UpstreamFailures.timedOut(timeout.toMillis(), null);
    }
    Request post =
        client
            .newRequest(endpoint)
            .method(HttpMethod.POST)
            .timeout(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)), TimeUnit.MILLISECONDS)
            .headers(
                headers -> {
                  request
                      .headers()
                      .forEach((name, values) -> values.forEach(v -> headers.add(name, v)));
                  headers.put(HttpHeader.ACCEPT, HttpUpstream.ACCEPT);
                })
            .body(new BytesRequestContent("application/json", body));
    InputStreamResponseListener listener = new InputStreamResponseListener();
    post.send(listener);
    Response response = null;
    try {
      response = listener.get(left, TimeUnit.NANOSECONDS);
      try (InputStream in = listener.getInputStream()) {
        long length = response.getHeaders().getLongField(HttpHeader.CONTENT_LENGTH);
        byte[] bytes = CappedBody.read(new InputStreamEntity(in, length, null), maxResponseBytes);
        return new Exchanged(response.getStatus(), bytes, headers(response));
      }
    } catch (TimeoutException e) {
      post.abort(e);
      throw UpstreamFailures.timedOut(timeout.toMillis(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      post.abort(e);
      throw new UpstreamException("interrupted while waiting for the upstream", e);
    } catch (ExecutionException | IOException e) {
      post.abort(e);
      Throwable failure =
          e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
      throw UpstreamFailures.of(failure, endpoint, timeout.toMillis());
    }
  }

  @Override
  public void close() {
    try {
      client.stop();
    } catch (Exception e) {
      // stopping drops the connections; nothing is left to release
    }
  }

  private static Map<String, List<String>> headers(Response response) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (HttpField field : response.getHeaders()) {
      headers.computeIfAbsent(field.getName(), name -> new ArrayList<>(1)).add(field.getValue());
    }
    return headers;
  }
}
