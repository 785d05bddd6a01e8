package dev.tollgate.registry.http;

/**
 * The {@code http} section: where the server listens and how it bounds request bodies.
 *
 * @param port 0 picks a free port; {@code maxBodyBytes} bounds every request body (413 above).
 * @param bodyReadTimeoutMillis a connection that sends no byte for this long, in a body or between
 *     requests, is closed
 * @param minRequestDataRate bytes per second, over the whole request: slower clients are cut off
 *     (408)
 * @param host the address to listen on: {@code 0.0.0.0} every interface (a config file's default),
 *     {@code 127.0.0.1} this machine only (the demo's); checked when the server starts
 */
public record HttpSettings(
    int port, long maxBodyBytes, int bodyReadTimeoutMillis, long minRequestDataRate, String host) {

  public static final HttpSettings DEFAULTS =
      new HttpSettings(8080, 1_000_000, 5_000, 1_024, "0.0.0.0");

  public HttpSettings {
    require(port >= 0 && port <= 65535, "http.port must be 0..65535: " + port);
    require(maxBodyBytes > 0, "http.maxBodyBytes must be positive: " + maxBodyBytes);
    require(
        bodyReadTimeoutMillis > 0,
        "http.bodyReadTimeoutMillis must be positive: " + bodyReadTimeoutMillis);
    require(
        minRequestDataRate >= 0,
        "http.minRequestDataRate must not be negative: " + minRequestDataRate);
    require(
        !host.isBlank() && host.strip().equals(host),
        "http.host must be an address or host name without spaces: '" + host + "'");
  }

  public HttpSettings withPort(int port) {
    return new HttpSettings(port, maxBodyBytes, bodyReadTimeoutMillis, minRequestDataRate, host);
  }

  public HttpSettings withHost(String host) {
    return new HttpSettings(port, maxBodyBytes, bodyReadTimeoutMillis, minRequestDataRate, host);
  }

  public HttpSettings withMaxBodyBytes(long maxBodyBytes) {
    return new HttpSettings(port, maxBodyBytes, bodyReadTimeoutMillis, minRequestDataRate, host);
  }

  /** With other body read bounds, for tests. */
  public HttpSettings withBodyReadBounds(int bodyReadTimeoutMillis, long minRequestDataRate) {
    return new HttpSettings(port, maxBodyBytes, bodyReadTimeoutMillis, minRequestDataRate, host);
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException(message);
    }
  }
}
