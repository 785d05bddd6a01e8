package dev.tollgate.client.maven;

import dev.tollgate.client.RegistryRequest;
import dev.tollgate.client.TollgateClientException;
import dev.tollgate.client.manifest.ManifestFormatException;
import dev.tollgate.client.upload.ManifestConflictException;
import dev.tollgate.client.upload.ManifestRejectedException;
import dev.tollgate.client.upload.RegistryForbiddenException;
import dev.tollgate.client.upload.RegistryUnauthorizedException;
import dev.tollgate.client.upload.RegistryUnreachableException;
import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/** The parameters that check and publish share, and the mapping of registry failures. */
abstract class RegistryMojo extends AbstractMojo {

  /** The registry's base URL, e.g. http://localhost:8080. */
  @Parameter(property = "tollgate.registryUrl")
  String registryUrl;

  /** Bearer token with publish scope; falls back to the TOLLGATE_TOKEN environment variable. */
  @Parameter(property = "tollgate.token")
  String token;

  @Parameter(property = "tollgate.app", defaultValue = "${project.artifactId}")
  String app;

  @Parameter(property = "tollgate.version", defaultValue = "${project.version}")
  String version;

  /** The manifest to send: this plugin's, Apollo's, or a Relay/graphql-codegen {id: body} map. */
  @Parameter(
      property = "tollgate.manifest",
      defaultValue = "${project.build.directory}/tollgate/persisted-query-manifest.json")
  File manifest;

  @Parameter(property = "tollgate.skip", defaultValue = "false")
  boolean skip;

  /**
   * Fail the build when the registry reports an operation that no policy allowed to run the app can
   * afford at its default variables (a warning otherwise). Publish then sends a dry run first and
   * publishes nothing when it fails.
   */
  @Parameter(property = "tollgate.failOnUnaffordable", defaultValue = "false")
  boolean failOnUnaffordable;

  /**
   * Logs each operation no policy can run as a warning; with {@link #failOnUnaffordable} fails, the
   * message starting with {@code outcome}.
   */
  void warnUnaffordable(List<String> warnings, String outcome) throws MojoFailureException {
    warnings.forEach(getLog()::warn);
    if (!warnings.isEmpty() && failOnUnaffordable) {
      throw unaffordable(warnings, outcome);
    }
  }

  /** The failure for operations no policy can run, its message starting with {@code outcome}. */
  static MojoFailureException unaffordable(List<String> warnings, String outcome) {
    return new MojoFailureException(
        outcome
            + warnings.size()
            + " operation(s) no policy can run (tollgate.failOnUnaffordable): "
            + String.join("; ", warnings));
  }

  RegistryRequest request() throws MojoExecutionException {
    if (registryUrl == null || registryUrl.isBlank()) {
      throw new MojoExecutionException("<registryUrl> is not set (property tollgate.registryUrl)");
    }
    if (app == null || app.isBlank() || version == null || version.isBlank()) {
      throw new MojoExecutionException(
          "<app> and <version> must not be empty (tollgate.app, tollgate.version)");
    }
    String bearer = token != null && !token.isBlank() ? token : System.getenv("TOLLGATE_TOKEN");
    return new RegistryRequest(registryUri(), bearer, app, version, manifest.toPath());
  }

  private URI registryUri() throws MojoExecutionException {
    try {
      URI uri = new URI(registryUrl.strip());
      if (uri.getScheme() == null || uri.getHost() == null) {
        throw new URISyntaxException(registryUrl, "expected http(s)://host[:port]");
      }
      return uri;
    } catch (URISyntaxException e) {
      throw new MojoExecutionException("<registryUrl> is not a URL: " + e.getMessage(), e);
    }
  }

  /** A library call whose failures become Maven failures. */
  interface Call<T> {
    T run();
  }

  /** Runs {@code call}; a library failure becomes one that names the parameter to change. */
  static <T> T call(Call<T> call) throws MojoExecutionException, MojoFailureException {
    try {
      return call.run();
    } catch (RegistryUnreachableException e) {
      throw new MojoExecutionException("<registryUrl>: " + e.getMessage(), e);
    } catch (RegistryUnauthorizedException e) {
      throw new MojoExecutionException(
          "<token> (tollgate.token or TOLLGATE_TOKEN): " + e.getMessage(), e);
    } catch (RegistryForbiddenException e) {
      throw new MojoExecutionException("<token> may not publish: " + e.getMessage(), e);
    } catch (ManifestConflictException e) {
      throw new MojoFailureException(
          "<app>/<version>: " + e.getMessage() + "; publish a new <version> instead", e);
    } catch (ManifestRejectedException | ManifestFormatException e) {
      throw new MojoFailureException("<manifest>: " + e.getMessage(), e);
    } catch (TollgateClientException e) {
      throw new MojoExecutionException(e.getMessage(), e);
    }
  }
}
