package dev.tollgate.client.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.tollgate.client.FakeRegistry;
import dev.tollgate.client.manifest.Manifest;
import dev.tollgate.client.manifest.ManifestOperation;
import dev.tollgate.client.manifest.ManifestWriter;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** check and publish: each registry failure becomes a Maven failure naming the parameter. */
final class RegistryMojoTest {

  private final FakeRegistry registry = FakeRegistry.start();
  @TempDir Path folder;
  private File manifest;

  @BeforeEach
  void writeManifest() {
    manifest = folder.resolve("manifest.json").toFile();
    ManifestWriter.write(
        new Manifest(
            List.of(
                new ManifestOperation(
                    "a1", "Shipments", "query", "query Shipments {\n  shipments\n}\n"))),
        manifest.toPath());
  }

  @AfterEach
  void stop() {
    registry.close();
  }

  @Test
  void check_withinMaxCost_passes() throws Exception {
    CheckMojo mojo = configure(new CheckMojo());
    mojo.maxCost = 3L;

    mojo.execute();

    assertThat(registry.requests())
        .singleElement()
        .satisfies(r -> assertThat(r.query()).isEqualTo("dryRun=true"));
  }

  @Test
  void check_overMaxCost_failureNamesMaxCost() {
    registry.cost("Shipments", 9000);
    CheckMojo mojo = configure(new CheckMojo());
    mojo.maxCost = 1000L;

    MojoFailureException e = catchThrowableOfType(MojoFailureException.class, mojo::execute);

    assertThat(e)
        .hasMessageContaining("(<maxCost> 1000)")
        .hasMessageContaining("Shipments: costs 9000");
  }

  @Test
  void publish_unreachable_errorNamesRegistryUrl() {
    PublishMojo mojo = configure(new PublishMojo());
    registry.close();

    MojoExecutionException e = catchThrowableOfType(MojoExecutionException.class, mojo::execute);

    assertThat(e)
        .hasMessageStartingWith("<registryUrl>: cannot reach the registry at " + registry.url());
  }

  @Test
  void publish_wrongToken_errorNamesTokenWithoutPrintingIt() {
    PublishMojo mojo = configure(new PublishMojo());
    mojo.token = "wrong-but-secret";

    MojoExecutionException e = catchThrowableOfType(MojoExecutionException.class, mojo::execute);

    assertThat(e)
        .hasMessageStartingWith("<token> may not publish")
        .hasMessageNotContaining("wrong-but-secret");
  }

  @Test
  void publish_conflict_failureNamesAppAndVersion() throws Exception {
    configure(new PublishMojo()).execute();
    ManifestWriter.write(
        new Manifest(List.of(new ManifestOperation("b2", "Other", "query", "query Other { x }"))),
        manifest.toPath());

    MojoFailureException e =
        catchThrowableOfType(MojoFailureException.class, configure(new PublishMojo())::execute);

    assertThat(e)
        .hasMessageStartingWith("<app>/<version>:")
        .hasMessageContaining("HTTP 409")
        .hasMessageEndingWith("publish a new <version> instead");
  }

  @Test
  void publish_noRegistryUrl_errorNamesParameterAndProperty() {
    PublishMojo mojo = configure(new PublishMojo());
    mojo.registryUrl = null;

    assertThat(catchThrowableOfType(MojoExecutionException.class, mojo::execute))
        .hasMessage("<registryUrl> is not set (property tollgate.registryUrl)");
  }

  @Test
  void check_noRegistryUrl_skippedSoAnOrdinaryBuildPasses() throws Exception {
    CheckMojo mojo = configure(new CheckMojo());
    mojo.registryUrl = null;

    mojo.execute();

    assertThat(registry.requests()).isEmpty();
  }

  @Test
  void check_noRegistryUrlWithRequireRegistry_errorNamesParameter() {
    CheckMojo mojo = configure(new CheckMojo());
    mojo.registryUrl = null;
    mojo.requireRegistry = true;

    assertThat(catchThrowableOfType(MojoExecutionException.class, mojo::execute))
        .hasMessage("<registryUrl> is not set (property tollgate.registryUrl)");
  }

  @Test
  void check_unaffordable_passesUnlessFailOnUnaffordable() throws Exception {
    registry.unaffordable("Shipments", java.util.Map.of("web", 1000L));
    CheckMojo mojo = configure(new CheckMojo());

    mojo.execute();

    mojo.failOnUnaffordable = true;
    assertThat(catchThrowableOfType(MojoFailureException.class, mojo::execute))
        .hasMessageContaining("tollgate.failOnUnaffordable")
        .hasMessageContaining("Shipments costs ");
  }

  @Test
  void publish_failOnUnaffordable_failsAfterTheDryRunAndPublishesNothing() {
    registry.cost("Shipments", 5000).unaffordable("Shipments", java.util.Map.of("web", 1000L));
    PublishMojo mojo = configure(new PublishMojo());
    mojo.failOnUnaffordable = true;

    MojoFailureException e = catchThrowableOfType(MojoFailureException.class, mojo::execute);

    assertThat(e)
        .hasMessage(
            "nothing published to "
                + registry.url()
                + ": 1 operation(s) no policy can run (tollgate.failOnUnaffordable): Shipments"
                + " costs 5000 at its default variables: no policy can run it (cost limits of the"
                + " policies that may run app web: web 1000)");
    assertThat(registry.requests())
        .singleElement()
        .satisfies(r -> assertThat(r.query()).isEqualTo("dryRun=true"));
    assertThat(registry.documents()).isEmpty();
  }

  @Test
  void publish_unaffordableWithoutFailOnUnaffordable_publishedWithAWarning() throws Exception {
    registry.unaffordable("Shipments", java.util.Map.of());

    configure(new PublishMojo()).execute();

    assertThat(registry.requests()).singleElement().satisfies(r -> assertThat(r.query()).isNull());
    assertThat(registry.documents()).containsKey("a1");
  }

  @Test
  void publish_missingManifest_failureNamesManifest() {
    PublishMojo mojo = configure(new PublishMojo());
    mojo.manifest = folder.resolve("absent.json").toFile();

    assertThat(catchThrowableOfType(MojoFailureException.class, mojo::execute))
        .hasMessageStartingWith("<manifest>:")
        .hasMessageContaining("no such file");
  }

  @Test
  void publish_skip_sendsNothing() throws Exception {
    PublishMojo mojo = configure(new PublishMojo());
    mojo.skip = true;

    mojo.execute();

    assertThat(registry.requests()).isEmpty();
  }

  private <T extends RegistryMojo> T configure(T mojo) {
    mojo.registryUrl = registry.url().toString();
    mojo.token = FakeRegistry.TOKEN;
    mojo.app = "web";
    mojo.version = "1.0.0";
    mojo.manifest = manifest;
    return mojo;
  }
}
