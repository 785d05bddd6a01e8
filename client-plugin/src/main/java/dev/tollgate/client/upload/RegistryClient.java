package dev.tollgate.client.upload;

import dev.tollgate.client.manifest.Manifest;
import dev.tollgate.client.manifest.ManifestWriter;
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
 * Talks to the registry's {@code POST /v1/apps/{app}/versions/{version}} over {@code
 * java.net.http}. The token goes only into the {@code Authorization} header: never into output,
 * {@link #toString()} or exception messages.
 */
public final class RegistryClient {

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(2);

  private final HttpClient http;
  private final URI registryUrl;
  private final @Nullable String token;

  public RegistryClient(URI registryUrl, @Nullable String token) {
    this.http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
    this.registryUrl = registryUrl;
    this.token = token;
  }

  /**
   * Sends the manifest as a dry run: the registry validates and prices it and stores nothing.
   *
   * @throws RegistryException when the registry cannot be reached or refuses
   */
  public RegistryReport check(String app, String version, Manifest manifest) {
    return post(app, version, compact(manifest), true);
  }

  /**
   * Sends a manifest file's bytes, as they are, as a dry run.
   *
   * @throws RegistryException when the registry cannot be reached or refuses
   */
  public RegistryReport check(String app, String version, byte[] manifest) {
    return post(app, version, manifest, true);
  }

  /**
   * Publishes the manifest as {@code (app, version)}.
   *
   * @throws RegistryException when the registry cannot be reached or refuses
   */
  public RegistryReport publish(String app, String version, Manifest manifest) {
    return post(app, version, compact(manifest), false);
  }

  /**
   * Publishes a manifest file's bytes, as they are, as {@code (app, version)}.
   *
   * @throws RegistryException when the registry cannot be reached or refuses
   */
  public RegistryReport publish(String app, String version, byte[] manifest) {
    return post(app, version, manifest, false);
  }

  private static byte[] compact(Manifest manifest) {
    return ManifestWriter.toCompactJson(manifest).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return "RegistryClient[" + registryUrl + "]";
  }

  private RegistryReport post(String app, String version, byte[] manifest, boolean dryRun) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(versionUri(app, version, dryRun))
            .timeout(REQUEST_TIMEOUT)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(manifest));
    if (token != null && !token.isBlank()) {
      request.header("Authorization", "Bearer " + token);
    }
    HttpResponse<String> response = send(request.build());
    if (response.statusCode() / 100 != 2) {
      throw RegistryResponses.error(response.statusCode(), response.body(), new Redactor(token));
    }
    return RegistryResponses.report(response.statusCode(), response.body());
  }

  private HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new RegistryUnreachableException(registryUrl, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RegistryUnreachableException(registryUrl, e);
    }
  }

  URI versionUri(String app, String version, boolean dryRun) {
    String base = registryUrl.toString().replaceAll("/+$", "");
    String path = "/v1/apps/" + segment(app) + "/versions/" + segment(version);
    return URI.create(base + path + (dryRun ? "?dryRun=true" : ""));
  }

  private static String segment(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
