package dev.tollgate.client.cli;

import dev.tollgate.client.RegistryRequest;
import java.net.URI;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** What {@code check} and {@code publish} send: the app, its version and the manifest. */
final class PublicationOptions {

  @Option(names = "--app", paramLabel = "NAME", description = "the app the manifest belongs to")
  @Nullable String app;

  @Option(names = "--version", paramLabel = "V", description = "the app version it is sent as")
  @Nullable String version;

  @Option(
      names = "--manifest",
      paramLabel = "FILE",
      description =
          "the manifest to send, byte for byte: this tool's, Apollo's persisted-query manifest, or"
              + " a Relay/graphql-codegen {id: body} map (default: ${DEFAULT-VALUE})")
  String manifest = Cli.DEFAULT_MANIFEST;

  @Option(
      names = "--fail-on-unaffordable",
      description =
          "fail (exit 1) when the registry reports an operation that no policy allowed to run the"
              + " app can afford; publish then publishes nothing (default: a warning)")
  boolean failOnUnaffordable;

  /**
   * @throws UsageException when the registry, app or version is missing
   * @throws InputException when there is no token
   */
  RegistryRequest request(RegistryOptions registry, CliContext context, String command) {
    URI url = registry.registryUrl(context);
    String appName = require("--app", app, command);
    String appVersion = require("--version", version, command);
    String bearer = registry.token(context);
    if (bearer == null || bearer.isBlank()) {
      throw new InputException(
          "no token: "
              + command
              + " needs a publish token of the registry (--token T, or the environment variable"
              + " TOLLGATE_TOKEN)");
    }
    return new RegistryRequest(url, bearer, appName, appVersion, context.resolve(manifest));
  }

  private static String require(String flag, @Nullable String value, String command) {
    if (value == null || value.isBlank()) {
      throw new UsageException(flag + " is required for " + command);
    }
    return value;
  }
}
