package dev.tollgate.client.maven;

import dev.tollgate.client.ClientOperations;
import dev.tollgate.client.RegistryRequest;
import dev.tollgate.client.upload.RegistryReport;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;

/** Publishes the manifest as (app, version) and prints how many operations were new. */
@Mojo(name = "publish", defaultPhase = LifecyclePhase.DEPLOY, threadSafe = true)
public final class PublishMojo extends RegistryMojo {

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("tollgate:publish skipped (tollgate.skip)");
      return;
    }
    RegistryRequest request = request();
    RegistryReport report = call(() -> new ClientOperations().publish(request));
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
    warnUnaffordable(report);
  }
}
