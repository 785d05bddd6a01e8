package dev.tollgate.client.maven;

import dev.tollgate.client.CheckRequest;
import dev.tollgate.client.CheckResult;
import dev.tollgate.client.ClientOperations;
import dev.tollgate.client.upload.ReportTable;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Sends the manifest to the registry as a dry run and prints each operation's cost, depth and
 * aliases; fails when the registry refuses an operation or one costs more than maxCost.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class CheckMojo extends RegistryMojo {

  /** The highest cost an operation may have; no limit when unset. */
  @Parameter(property = "tollgate.maxCost")
  Long maxCost;

  /**
   * Fail when no registryUrl is set; by default the check is then skipped with a warning, so adding
   * the plugin does not break every build that has no registry (set it to true in CI).
   */
  @Parameter(property = "tollgate.requireRegistry", defaultValue = "false")
  boolean requireRegistry;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("tollgate:check skipped (tollgate.skip)");
      return;
    }
    if ((registryUrl == null || registryUrl.isBlank()) && !requireRegistry) {
      getLog()
          .warn(
              "tollgate:check skipped: no <registryUrl> (property tollgate.registryUrl);"
                  + " set tollgate.requireRegistry=true to fail instead");
      return;
    }
    if (maxCost != null && maxCost < 0) {
      throw new MojoExecutionException("<maxCost> must not be negative: " + maxCost);
    }
    CheckRequest request = new CheckRequest(request(), maxCost);
    CheckResult result = call(() -> new ClientOperations().check(request));
    ReportTable.render(result.report()).forEach(getLog()::info);
    if (result.passed()) {
      warnUnaffordable(ClientOperations.unaffordable(result.report()), "");
    }
    if (!result.passed()) {
      result.violations().forEach(getLog()::error);
      throw new MojoFailureException(
          result.violations().size()
              + " operation problem(s) in <manifest> "
              + manifest
              + (maxCost == null ? "" : " (<maxCost> " + maxCost + ")")
              + ": "
              + String.join("; ", result.violations()));
    }
    getLog()
        .info(
            "All "
                + result.report().operations().size()
                + " operation(s) pass the registry's check");
  }
}
