package dev.tollgate.client;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * Which manifest to send where.
 *
 * @param registryUrl the registry's base URL, e.g. {@code http://localhost:8080}
 * @param token the bearer token, or {@code null} to send none
 * @param app the app the manifest belongs to
 * @param version the app version it is published as
 * @param manifestFile the manifest, in any format {@code ManifestReader} reads
 */
public record RegistryRequest(
    URI registryUrl, @Nullable String token, String app, String version, Path manifestFile) {

  public RegistryRequest {
    requireNonNull(registryUrl, "registryUrl");
    requireNonNull(manifestFile, "manifestFile");
    if (app == null || app.isBlank()) {
      throw new IllegalArgumentException("app must not be blank");
    }
    if (version == null || version.isBlank()) {
      throw new IllegalArgumentException("version must not be blank");
    }
  }

  /** Never shows the token. */
  @Override
  public String toString() {
    return "RegistryRequest[registryUrl="
        + registryUrl
        + ", token="
        + (token == null ? "none" : "****")
        + ", app="
        + app
        + ", version="
        + version
        + ", manifestFile="
        + manifestFile
        + "]";
  }
}
