package dev.tollgate.client.cli;

import java.net.URI;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** {@code --registry} and {@code --token}, each falling back to its environment variable. */
final class RegistryOptions {

  @Option(
      names = "--registry",
      paramLabel = "URL",
      description =
          "the registry's base URL, e.g. http://localhost:8080"
              + " (default: the environment variable TOLLGATE_REGISTRY_URL)")
  @Nullable String registry;

  @Option(
      names = "--token",
      paramLabel = "T",
      description =
          "bearer token of the registry (default: the environment variable TOLLGATE_TOKEN);"
              + " never printed")
  @Nullable String token;

  /**
   * @throws UsageException when neither the flag nor the variable names an http(s)://host URL
   */
  URI registryUrl(CliContext context) {
    String text = context.orEnvironment(registry, "TOLLGATE_REGISTRY_URL");
    if (text == null || text.isBlank()) {
      throw new UsageException("--registry URL (or TOLLGATE_REGISTRY_URL) is required");
    }
    try {
      URI uri = URI.create(text.strip());
      if (uri.getScheme() != null && uri.getHost() != null) {
        return uri;
      }
    } catch (IllegalArgumentException e) {
      // reported below, with the flag's name
    }
    throw new UsageException("--registry " + text + " is not an http(s)://host[:port] URL");
  }

  @Nullable String token(CliContext context) {
    return context.orEnvironment(token, "TOLLGATE_TOKEN");
  }
}
