package dev.tollgate.client;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * A schema dry run: which SDL file to send where, and what fails the build besides a broken
 * operation.
 *
 * @param maxIncreasePercent fail on an operation whose cost rises by more than this percentage;
 *     {@code null} for no limit
 * @param failOnOverLimit fail on an operation whose new cost exceeds every limit that may run it
 */
public record SchemaCheckRequest(
    URI registryUrl,
    @Nullable String token,
    Path schemaFile,
    @Nullable Double maxIncreasePercent,
    boolean failOnOverLimit) {

  public SchemaCheckRequest {
    requireNonNull(registryUrl, "registryUrl");
    requireNonNull(schemaFile, "schemaFile");
    if (maxIncreasePercent != null && !(maxIncreasePercent >= 0)) {
      throw new IllegalArgumentException(
          "max increase must be a percentage >= 0: " + maxIncreasePercent);
    }
  }

  /** Never shows the token. */
  @Override
  public String toString() {
    return "SchemaCheckRequest[registryUrl="
        + registryUrl
        + ", token="
        + (token == null ? "none" : "****")
        + ", schemaFile="
        + schemaFile
        + ", maxIncreasePercent="
        + maxIncreasePercent
        + ", failOnOverLimit="
        + failOnOverLimit
        + "]";
  }
}
