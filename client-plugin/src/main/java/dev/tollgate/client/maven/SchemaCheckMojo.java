package dev.tollgate.client.maven;

import dev.tollgate.client.ClientOperations;
import dev.tollgate.client.SchemaCheckRequest;
import dev.tollgate.client.SchemaCheckResult;
import dev.tollgate.client.upload.ImpactTable;
import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Sends a schema (SDL file) to the registry as a dry run and prints its impact on every active
 * operation; fails on a broken operation, on one dearer than maxIncreasePercent, and with
 * failOnOverLimit on one over every limit.
 */
@Mojo(name = "schema-check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class SchemaCheckMojo extends AbstractMojo {

  /** The registry's base URL, e.g. http://localhost:8080. */
  @Parameter(property = "tollgate.registryUrl")
  String registryUrl;

  /** Bearer token with admin scope; falls back to the TOLLGATE_TOKEN environment variable. */
  @Parameter(property = "tollgate.token")
  String token;

  /** The new schema's SDL. */
  @Parameter(property = "tollgate.schema", required = true)
  File schema;

  /** Fail when an operation's cost rises by more than this percentage; no limit when unset. */
  @Parameter(property = "tollgate.maxIncreasePercent")
  Double maxIncreasePercent;

  /** Fail when an operation's new cost exceeds every limit of the policies that may run it. */
  @Parameter(property = "tollgate.failOnOverLimit", defaultValue = "false")
  boolean failOnOverLimit;

  @Parameter(property = "tollgate.skip", defaultValue = "false")
  boolean skip;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("tollgate:schema-check skipped (tollgate.skip)");
      return;
    }
    if (maxIncreasePercent != null && !(maxIncreasePercent >= 0)) {
      throw new MojoExecutionException(
          "<maxIncreasePercent> must be a percentage >= 0: " + maxIncreasePercent);
    }
    String bearer = token != null && !token.isBlank() ? token : System.getenv("TOLLGATE_TOKEN");
    SchemaCheckRequest request =
        new SchemaCheckRequest(
            registryUri(), bearer, schema.toPath(), maxIncreasePercent, failOnOverLimit);
    SchemaCheckResult result;
    try {
      result = RegistryMojo.call(() -> new ClientOperations().schemaCheck(request));
    } catch (MojoFailureException e) {
      // call() names <manifest> for a refused body; here the body is the schema
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new MojoFailureException("<schema> " + schema + ": " + cause.getMessage(), cause);
    } catch (java.io.UncheckedIOException e) {
      throw new MojoExecutionException("<schema> " + schema + " cannot be read", e);
    }
    ImpactTable.render(result.impact()).forEach(getLog()::info);
    if (!result.passed()) {
      result.violations().forEach(getLog()::error);
      throw new MojoFailureException(
          result.violations().size()
              + " operation problem(s) under <schema> "
              + schema
              + ": "
              + String.join("; ", result.violations()));
    }
    getLog()
        .info("All " + result.impact().operations().size() + " operation(s) pass the schema check");
  }

  private URI registryUri() throws MojoExecutionException {
    if (registryUrl == null || registryUrl.isBlank()) {
      throw new MojoExecutionException("<registryUrl> is not set (property tollgate.registryUrl)");
    }
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
}
