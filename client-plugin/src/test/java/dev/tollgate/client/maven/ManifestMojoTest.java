package dev.tollgate.client.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.tollgate.client.TestFiles;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Mojo with its parameters set as Maven would set them. */
final class ManifestMojoTest {

  @TempDir Path target;

  @Test
  void execute_defaultFolders_writesGoldenManifest() throws Exception {
    Path fixture = TestFiles.resource("extract/basic");
    ManifestMojo mojo = mojo(fixture.resolve("inputs"));

    mojo.execute();

    assertThat(Files.readString(mojo.manifest.toPath()))
        .isEqualTo(Files.readString(fixture.resolve("expected-manifest.json")));
  }

  @Test
  void execute_refusedSources_failureNamesParameterFileAndLine() {
    ManifestMojo mojo = mojo(TestFiles.resource("extract/refuse-duplicate-fragment/inputs"));

    MojoFailureException e = catchThrowableOfType(MojoFailureException.class, mojo::execute);

    assertThat(e)
        .hasMessageStartingWith("<sourceDirectories>: 1 problem in GraphQL sources:")
        .hasMessageContaining("src/main/graphql/b.graphql:1: fragment 'Card' is defined twice");
    assertThat(mojo.manifest).doesNotExist();
  }

  @Test
  void execute_invalidAgainstSchema_failureNamesSchemaParameter() {
    Path project = TestFiles.resource("extract/refuse-invalid-against-schema/inputs");
    ManifestMojo mojo = mojo(project);
    mojo.schema = project.resolve("schema.graphqls").toFile();

    MojoFailureException e = catchThrowableOfType(MojoFailureException.class, mojo::execute);

    assertThat(e)
        .hasMessageStartingWith("<sourceDirectories>/<schema>:")
        .hasMessageContaining("ops.graphql:8:");
  }

  @Test
  void execute_skip_writesNothing() throws Exception {
    ManifestMojo mojo = mojo(TestFiles.resource("extract/basic/inputs"));
    mojo.skip = true;

    mojo.execute();

    assertThat(mojo.manifest).doesNotExist();
  }

  private ManifestMojo mojo(Path basedir) {
    ManifestMojo mojo = new ManifestMojo();
    mojo.basedir = basedir.toFile();
    mojo.manifest = new File(target.toFile(), "tollgate/persisted-query-manifest.json");
    return mojo;
  }
}
