package dev.tollgate.example;

import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.contract.AdmissionContract;
import dev.tollgate.registry.contract.ContractFixture;
import dev.tollgate.registry.contract.WayIn;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Enforcement;
import java.net.URI;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The admission contract ({@link AdmissionContract}, in the core's test-jar) in process: the
 * example application on a random port, admitted by the starter, over real HTTP. Its keys and
 * policies are {@link ContractFixture#keys()} written as {@code tollgate.*} properties; its
 * registered documents are the contract's, in an in-memory registry; every data fetcher call is
 * counted by an instrumentation bean of the application's ({@link
 * TollgateStarterTest.FetchCounter}). The same cases run against the HTTP gateway in
 * registry-server's {@code GatewayContractTest}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class InProcessContractTest extends AdmissionContract {

  @TestConfiguration
  static class Contract {
    @Bean
    InMemoryRegistry registry() {
      InMemoryRegistry registry = new InMemoryRegistry();
      ContractFixture.publishTo(registry);
      return registry;
    }

    @Bean
    TollgateStarterTest.FetchCounter fetchCounter() {
      return new TollgateStarterTest.FetchCounter();
    }
  }

  /** The contract's keys and policies, as an application's {@code tollgate.*} properties. */
  @DynamicPropertySource
  static void contractPolicies(DynamicPropertyRegistry properties) {
    ContractFixture.keys()
        .forEach(
            (key, policy) -> {
              String prefix = "tollgate.policies." + policy.name() + ".";
              properties.add("tollgate.keys." + key, policy::name);
              properties.add(prefix + "mode", () -> policy.mode().name());
              properties.add(prefix + "apps", () -> String.join(",", policy.apps()));
              properties.add(prefix + "require-id", policy::requireId);
              properties.add(prefix + "introspection", policy::introspection);
              properties.add(prefix + "budget-capacity", () -> policy.budget().capacity());
              properties.add(
                  prefix + "budget-refill-per-second", () -> policy.budget().refillPerSecond());
              properties.add(prefix + "budget-refund", () -> policy.budget().refund());
              requireDefaultLimits(policy);
            });
  }

  /** The starter's properties set no limits: a contract policy with others cannot be written. */
  private static void requireDefaultLimits(KeyPolicy policy) {
    KeyPolicy defaults = KeyPolicy.newPolicy(policy.name()).build();
    if (!policy.limits().equals(defaults.limits()) || policy.enforcement() != Enforcement.ENFORCE) {
      throw new IllegalStateException(
          "contract policy " + policy.name() + " has limits the starter's properties cannot set");
    }
  }

  @LocalServerPort int port;
  @Autowired TollgateStarterTest.FetchCounter counter;

  @Override
  protected WayIn wayIn() {
    return new WayIn() {
      @Override
      public URI graphql() {
        return URI.create("http://127.0.0.1:" + port + "/graphql");
      }

      @Override
      public long calls() {
        return counter.fetches.get();
      }
    };
  }
}
