package dev.tollgate.graphqljava;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The registry's routes for followers over HTTP, with a bearer token, for {@link HttpRegistry}: the
 * snapshot, the change feed, and the measurements sent back.
 */
final class RegistryClient {

  private final URI base;
  private final String token;
  private final @Nullable String apps;
  private final Duration requestTimeout;
  private final long waitMillis;
  private final HttpClient client;

  /**
   * @param apps the apps whose documents the snapshot holds, comma-separated; {@code null}: all
   * @param waitMillis how long the registry holds a change poll open
   */
  RegistryClient(
      URI base, String token, @Nullable String apps, Duration requestTimeout, long waitMillis) {
    this.base = base;
    this.token = token;
    this.apps = apps;
    this.requestTimeout = requestTimeout;
    this.waitMillis = waitMillis;
    this.client = HttpClient.newBuilder().connectTimeout(requestTimeout).build();
  }

  /** The change id once it passes {@code after}, or when the registry's wait ends. */
  long changes(long after) throws IOException, InterruptedException {
    HttpResponse<byte[]> response =
        send(
            "/v1/registry/changes?after=" + after + "&waitMillis=" + waitMillis,
            null,
            requestTimeout.plusMillis(waitMillis));
    return RegistrySnapshot.changeId(response.body());
  }

  /** The snapshot, or {@code null} when it is still {@code etag} (304). */
  @Nullable RegistrySnapshot fetch(@Nullable String etag) throws IOException, InterruptedException {
    String path =
        "/v1/registry/snapshot"
            + (apps == null ? "" : "?apps=" + URLEncoder.encode(apps, StandardCharsets.UTF_8));
    HttpResponse<byte[]> response = send(path, etag, requestTimeout);
    if (response.statusCode() == 304) {
      return null;
    }
    return RegistrySnapshot.read(
        response.body(), response.headers().firstValue("ETag").orElse(null), "registry " + base);
  }

  /**
   * Sends one measurement batch ({@code POST /v1/registry/measurements}).
   *
   * @throws IOException when it did not arrive, or the registry could not take it (kept, sent
   *     again)
   * @throws IllegalArgumentException when the registry refused it as bad (400, 413): sending it
   *     again cannot help
   */
  void report(byte[] batch) throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(base.resolve("/v1/registry/measurements"))
            .timeout(requestTimeout)
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(batch))
            .build();
    HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
    int status = response.statusCode();
    if (status == 400 || status == 413) {
      throw new IllegalArgumentException(status + ": " + RegistrySnapshot.message(response.body()));
    }
    if (status != 200) {
      throw new IOException(
          "registry answered " + status + ": " + RegistrySnapshot.message(response.body()));
    }
  }

  private HttpResponse<byte[]> send(String path, @Nullable String etag, Duration timeout)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(base.resolve(path))
            .timeout(timeout)
            .header("Authorization", "Bearer " + token)
            .header("Accept", "application/json")
            .GET();
    if (etag != null) {
      request.header("If-None-Match", etag);
    }
    HttpResponse<byte[]> response =
        client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    int status = response.statusCode();
    if (status == 401 || status == 403) {
      throw new IllegalStateException(
          "registry "
              + base
              + " refused the token ("
              + status
              + ": "
              + RegistrySnapshot.message(response.body())
              + "); following the registry needs a token of scope read or admin");
    }
    if (status != 200 && status != 304) {
      throw new IOException(
          "registry answered " + status + ": " + RegistrySnapshot.message(response.body()));
    }
    return response;
  }
}
