package dev.tollgate.registry.upstream;

import java.net.Socket;
import java.time.Duration;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.DefaultHttpClientConnectionOperator;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.pool.PoolConcurrencyPolicy;
import org.apache.hc.core5.pool.PoolReusePolicy;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * The HTTP client of {@link HttpUpstream}: Apache HttpClient 5 classic, which sends and reads on
 * the caller's thread, over {@link DeadlineSocket}s, with everything a gateway must not do turned
 * off.
 *
 * <ul>
 *   <li>No retries, redirects, cookies, auth caching or content decompression: the caller's cookies
 *       are forwarded, never stored, and the size cap counts the bytes on the wire.
 *   <li>A pool of kept-alive HTTP/1.1 connections, the most recently used first; one idle for 2 s
 *       or more is checked before it is used (one read that waits 1 ms), so one the upstream closed
 *       meanwhile is seldom sent a request.
 *   <li>Starts no thread: idle connections are not evicted by a background thread but checked on
 *       use.
 * </ul>
 */
final class UpstreamClient {

  /** Idle this long, a pooled connection is checked before a request is sent on it. */
  private static final TimeValue CHECK_AFTER_IDLE = TimeValue.ofSeconds(2);

  private UpstreamClient() {}

  static CloseableHttpClient create(Duration timeout, int maxConnections) {
    Timeout deadline = Timeout.ofMilliseconds(timeout.toMillis());
    PoolingHttpClientConnectionManager pool =
        new PoolingHttpClientConnectionManager(
            new DefaultHttpClientConnectionOperator(
                proxy -> proxy == null ? new DeadlineSocket() : new Socket(proxy),
                null,
                null,
                RegistryBuilder.<TlsSocketStrategy>create()
                    .register(URIScheme.HTTPS.id, DefaultClientTlsStrategy.createDefault())
                    .build()),
            PoolConcurrencyPolicy.STRICT,
            PoolReusePolicy.LIFO,
            TimeValue.NEG_ONE_MILLISECOND,
            null);
    pool.setMaxTotal(maxConnections);
    pool.setDefaultMaxPerRoute(maxConnections);
    pool.setDefaultSocketConfig(SocketConfig.custom().setTcpNoDelay(true).build());
    pool.setDefaultConnectionConfig(
        ConnectionConfig.custom()
            .setConnectTimeout(deadline)
            .setSocketTimeout(deadline)
            .setValidateAfterInactivity(CHECK_AFTER_IDLE)
            .build());
    return HttpClients.custom()
        .setConnectionManager(pool)
        .setDefaultRequestConfig(
            RequestConfig.custom()
                .setConnectionRequestTimeout(deadline)
                .setResponseTimeout(deadline)
                .build())
        .disableAutomaticRetries()
        .disableRedirectHandling()
        .disableCookieManagement()
        .disableAuthCaching()
        .disableConnectionState()
        .disableContentCompression()
        .build();
  }
}
