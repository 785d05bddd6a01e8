package dev.tollgate.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.policy.KeyPolicy.OnStoreFailure;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.SchemaFingerprint;
import dev.tollgate.spring.TollgateAutoConfiguration;
import dev.tollgate.spring.TollgateConfigurationException;
import dev.tollgate.spring.TollgateHooks;
import dev.tollgate.spring.TollgateProperties;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.graphql.execution.RuntimeWiringConfigurer;

/**
 * What the starter refuses to start with: each is one line naming the property to set. No web
 * server: Spring for GraphQL's schema (the example's) and the starter only.
 */
@ExtendWith(OutputCaptureExtension.class)
class StarterConfigurationTest {

  @TempDir Path dir;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  GraphQlAutoConfiguration.class, TollgateAutoConfiguration.class))
          .withBean(
              RuntimeWiringConfigurer.class, () -> new CargoExampleApplication().dateTimeScalar());

  @Test
  void noRegistryReaderAndNoUrl_failsWithOneLine() {
    runner.run(
        context ->
            assertThat(context)
                .getFailure()
                .rootCause()
                .isInstanceOf(TollgateConfigurationException.class)
                .hasMessage(
                    "tollgate: no RegistryReader bean and no tollgate.registry.url: set"
                        + " tollgate.registry.url (and tollgate.registry.token) or declare a"
                        + " RegistryReader bean"));
  }

  @Test
  void registryUrlWithoutToken_failsWithOneLine() {
    runner
        .withPropertyValues("tollgate.registry.url=http://127.0.0.1:8080")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .isInstanceOf(TollgateConfigurationException.class)
                    .hasMessage(
                        "tollgate: tollgate.registry.url=http://127.0.0.1:8080 needs"
                            + " tollgate.registry.token (scope read)"));
  }

  /** Port 1 on loopback: nothing listens there, so the registry cannot be reached. */
  @Test
  void registryDownAndNoSnapshotFile_failsWithOneLine() {
    runner
        .withPropertyValues(
            "tollgate.registry.url=http://127.0.0.1:1", "tollgate.registry.token=admin-demo")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .isInstanceOf(TollgateConfigurationException.class)
                    .hasMessageStartingWith("tollgate: ")
                    .hasMessageContaining("http://127.0.0.1:1")
                    .hasMessageEndingWith("and there is no snapshot file configured"));
  }

  @Test
  void keyNamingAnUndefinedPolicy_failsWithOneLine() {
    runner
        .withBean(InMemoryRegistry.class)
        .withPropertyValues("tollgate.keys.web-demo=nope")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessage(
                        "tollgate: tollgate.keys names policy 'nope', which tollgate.policies does"
                            + " not define"));
  }

  @Test
  void registryReaderBean_startsAndInstallsTollgate() {
    runner
        .withBean(InMemoryRegistry.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(TollgateHooks.class).tollgate()).isNotNull();
            });
  }

  @Test
  void disabled_noTollgateBeans() {
    runner
        .withPropertyValues("tollgate.enabled=false")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context).doesNotHaveBean(TollgateAutoConfiguration.class);
              assertThat(context).doesNotHaveBean(TollgateHooks.class);
            });
  }

  @Test
  void onStoreFailureNeitherLocalNorDeny_failsWithOneLine() {
    runner
        .withBean(InMemoryRegistry.class)
        .withPropertyValues("tollgate.policies.web.on-store-failure=sometimes")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .isInstanceOf(TollgateConfigurationException.class)
                    .hasMessage(
                        "tollgate: tollgate.policies.web.on-store-failure must be local or deny:"
                            + " sometimes"));
  }

  @Test
  void onStoreFailure_reachesThePolicysBudget_localByDefault() {
    runner
        .withBean(InMemoryRegistry.class)
        .withPropertyValues(
            "tollgate.policies.web.on-store-failure=deny",
            "tollgate.policies.partner.budget-capacity=500",
            "tollgate.policies.partner.on-store-failure=DENY",
            "tollgate.policies.anonymous.apps=cargo-web")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              TollgateProperties properties = context.getBean(TollgateProperties.class);
              assertThat(onStoreFailure(properties, "web")).isEqualTo(OnStoreFailure.DENY);
              assertThat(onStoreFailure(properties, "partner")).isEqualTo(OnStoreFailure.DENY);
              assertThat(onStoreFailure(properties, "anonymous")).isEqualTo(OnStoreFailure.LOCAL);
            });
  }

  @Test
  void expectedInstancesBelowOne_failsWithOneLine() {
    runner
        .withBean(InMemoryRegistry.class)
        .withPropertyValues("tollgate.budget.expected-instances=0")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessage(
                        "tollgate: tollgate.budget.expected-instances must be at least 1: 0"));
  }

  /**
   * The registry down at start (port 1), the instance started from a snapshot file written 60 s
   * ago: the staleness gauge reads about 60 s, the change gauge the file's change id (7), the
   * documents gauge its 0 documents; and the schema fingerprint in the file ("registry-schema") is
   * not the example's, which one WARN line says with both values.
   */
  @Test
  void meterRegistryBean_stalenessChangeAndDocumentGauges_andFingerprintMismatchLogged(
      CapturedOutput output) throws IOException {
    Path snapshot = dir.resolve("snapshot.json");
    Files.writeString(
        snapshot,
        "{\"protocol\": 1, \"changeId\": 7, \"schemaFingerprint\": \"registry-schema\","
            + " \"documents\": [], \"aliases\": {}}");
    Files.setLastModifiedTime(snapshot, FileTime.from(Instant.now().minusSeconds(60)));
    String appFingerprint = SchemaFingerprint.of(exampleSchema(), CostModel.book());

    runner
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .withPropertyValues(
            "tollgate.registry.url=http://127.0.0.1:1",
            "tollgate.registry.token=admin-demo",
            "tollgate.registry.snapshot-file=" + snapshot)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              context.getBean(TollgateHooks.class).tollgate();
              MeterRegistry meters = context.getBean(MeterRegistry.class);
              assertThat(meters.get("tollgate.registry.staleness").gauge().value())
                  .isBetween(60.0, 120.0);
              assertThat(meters.get("tollgate.registry.change").gauge().value()).isEqualTo(7.0);
              assertThat(meters.get("tollgate.registry.documents").gauge().value()).isZero();
              assertThat(meters.get("tollgate.budget.store.failures").functionCounter().count())
                  .isZero();
            });

    assertThat(output.getAll())
        .contains(
            "schema mismatch: the registry's active schema is registry-schema, this"
                + " application's is "
                + appFingerprint);
  }

  private static OnStoreFailure onStoreFailure(TollgateProperties properties, String name) {
    return properties.getPolicies().get(name).toKeyPolicy(name).budget().onStoreFailure();
  }

  /** The example's schema file, as Spring for GraphQL reads it. */
  private static String exampleSchema() throws IOException {
    try (InputStream in =
        StarterConfigurationTest.class.getResourceAsStream("/graphql/cargo.graphqls")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
