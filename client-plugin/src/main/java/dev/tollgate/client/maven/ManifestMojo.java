package dev.tollgate.client.maven;

import dev.tollgate.client.ClientOperations;
import dev.tollgate.client.ExtractRequest;
import dev.tollgate.client.extract.ExtractionException;
import dev.tollgate.client.manifest.Manifest;
import java.io.File;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/** Extracts every named GraphQL operation into a persisted-query manifest. */
@Mojo(name = "manifest", defaultPhase = LifecyclePhase.GENERATE_RESOURCES, threadSafe = true)
public final class ManifestMojo extends AbstractMojo {

  @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
  File basedir;

  /**
   * Folders scanned for .graphql/.gql files; default src/main/graphql, src/main/resources/graphql.
   */
  @Parameter(property = "tollgate.sourceDirectories")
  List<File> sourceDirectories;

  /** A schema file (SDL) to validate every operation against before anything is sent. */
  @Parameter(property = "tollgate.schema")
  File schema;

  /** Where the manifest is written. */
  @Parameter(
      property = "tollgate.manifest",
      defaultValue = "${project.build.directory}/tollgate/persisted-query-manifest.json")
  File manifest;

  @Parameter(property = "tollgate.skip", defaultValue = "false")
  boolean skip;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("tollgate:manifest skipped (tollgate.skip)");
      return;
    }
    try {
      Manifest written = new ClientOperations().extract(request());
      getLog().info("Wrote " + written.size() + " operation(s) to " + manifest);
      if (written.isEmpty()) {
        getLog().warn("No named operations found in <sourceDirectories> " + directories());
      }
    } catch (ExtractionException e) {
      throw new MojoFailureException(
          "<sourceDirectories>" + (schema == null ? "" : "/<schema>") + ": " + e.getMessage(), e);
    } catch (UncheckedIOException e) {
      throw new MojoExecutionException("<manifest> " + manifest + ": " + e.getMessage(), e);
    }
  }

  private ExtractRequest request() {
    return new ExtractRequest(
        directories(),
        schema == null ? null : schema.toPath(),
        basedir.toPath(),
        manifest.toPath());
  }

  private List<Path> directories() {
    if (sourceDirectories == null || sourceDirectories.isEmpty()) {
      return ExtractRequest.defaultSourceDirectories(basedir.toPath());
    }
    for (File directory : sourceDirectories) {
      if (!directory.isDirectory()) {
        getLog().warn("<sourceDirectories> " + directory + " is not a directory; skipped");
      }
    }
    return sourceDirectories.stream().map(File::toPath).toList();
  }
}
