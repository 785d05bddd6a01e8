package dev.tollgate.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.spring.TollgateAutoConfiguration;
import dev.tollgate.spring.TollgateConfigurationException;
import dev.tollgate.spring.TollgateHooks;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.graphql.execution.RuntimeWiringConfigurer;

/**
 * What the starter refuses to start with: each is one line naming the property to set. No web
 * server: Spring for GraphQL's schema (the example's) and the starter only.
 */
class StarterConfigurationTest {

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
}
