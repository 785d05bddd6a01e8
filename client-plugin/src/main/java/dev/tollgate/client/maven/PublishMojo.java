package dev.tollgate.client.maven;

import dev.tollgate.client.ClientOperations;
import dev.tollgate.client.PublishRequest;
import dev.tollgate.client.PublishResult;
import dev.tollgate.client.upload.RegistryReport;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Publishes the manifest as (app, version) and prints how many operations were new. With
 * failOnUnaffordable, a dry run first: an operation no policy can run fails the build and nothing
 * is published.
 */
@Mojo(name = "publish", defaultPhase = LifecyclePhase.DEPLOY, threadSafe = true)
public final class PublishMojo extends RegistryMojo {

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("tollgate:publish skipped (tollgate.skip)");
      return;
    }
    PublishRequest request = new PublishRequest(request(), failOnUnaffordable);
    PublishResult result = call(() -> new ClientOperations().publish(request));
    if (!result.published()) {
      result.unaffordable().forEach(getLog()::error);
      throw unaffordable(result.unaffordable(), "nothing published to " + registryUrl + ": ");
    }
    RegistryReport report = result.report();
    getLog()
        .info(
            "Published "
                + app
                + " "
                + version
                + " to "
                + registryUrl
                + ": "
                + report.newCount()
                + " new, "
                + report.existingCount()
                + " existing operation(s)");
    // fails only when the price list changed between the dry run and the publication
    warnUnaffordable(
        result.unaffordable(), "published, but the registry's prices changed after its dry run: ");
  }
}
