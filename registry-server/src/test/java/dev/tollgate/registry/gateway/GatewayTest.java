package dev.tollgate.registry.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.GatewayServices;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.SchemaSource;
import dev.tollgate.registry.document.InvalidDocumentIdException;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.upstream.UpstreamResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** The gateway as a service, without HTTP: a call in, an answer (status, headers, bytes) out. */
final class GatewayTest {

  private static final String QUERY = "query Cargos { cargos(first: 2) { edges { node { id } } } }";

  private final List<UpstreamRequest> forwarded = new CopyOnWriteArrayList<>();
  private final OperationPricer pricer =
      new OperationPricer(SchemaSource.load(null).schema(), CostModel.book());

  @AutoClose
  private final GatewayServices services =
      RegistryServer.builder(DemoConfig.create(0, Path.of("unused")))
          .pricer(pricer)
          .documents(new InMemoryRegistry(), pricer::restore)
          .upstream(
              request -> {
                forwarded.add(request);
                return new UpstreamResponse(200, Map.of("data", Map.of("cargos", Map.of())));
              })
          .services();

  @Test
  void execute_unknownKey_401WithoutReadingTheRequest() {
    GatewayAnswer answer =
        services
            .gateway()
            .execute(
                new GatewayCall(
                    "nobody",
                    Transport.POST,
                    null,
                    null,
                    () -> {
                      throw new AssertionError("read before the caller is known");
                    }));

    assertThat(answer.status()).isEqualTo(401);
    assertThat(answer.headers())
        .containsEntry("Cache-Control", "private, no-cache, must-revalidate")
        // the demo forwards the default headers: Accept-Language keys the cache, tracing headers
        // not
        .containsEntry("Vary", "X-API-Key, Accept, Authorization, Cookie, Accept-Language")
        .doesNotContainKey("X-RateLimit-Remaining");
    assertThat(text(answer)).contains("\"code\":\"UNAUTHENTICATED\"");
  }

  @Test
  void execute_openKeyQuery_forwardsAndMergesExtensions() {
    GatewayAnswer answer =
        services.gateway().execute(call(DemoConfig.OPEN_KEY, "application/graphql-response+json"));

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.contentType()).isEqualTo("application/graphql-response+json; charset=utf-8");
    assertThat(answer.headers())
        .containsKeys("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset");
    assertThat(text(answer))
        .startsWith("{\"data\":{\"cargos\":{}},\"extensions\":{\"cost\":{\"estimated\":");
    assertThat(forwarded).hasSize(1);
  }

  @Test
  void execute_callerIdentifiedFromTheHeadersBefore_takenAsItIs() {
    Gateway gateway = services.gateway();
    Callers.Identity partner = gateway.identify(DemoConfig.OPEN_KEY, null);
    AdmissionRequest request = new AdmissionRequest(QUERY, null, null, Map.of(), Transport.POST);
    // without the identity this call is anonymous, whose trusted policy refuses a query text
    GatewayCall.Operations operations = () -> new GatewayCall.Read(List.of(request), false);
    GatewayCall anonymous = new GatewayCall(null, Transport.POST, null, null, operations);
    GatewayCall identified =
        new GatewayCall(
            null, Transport.POST, null, null, operations, GatewayCall.Headers.NONE, partner);

    assertThat(text(gateway.execute(anonymous))).contains("\"code\":\"QUERY_NOT_IN_SAFELIST\"");
    assertThat(forwarded).isEmpty();
    GatewayAnswer answer = gateway.execute(identified);

    assertThat(answer.status()).isEqualTo(200);
    assertThat(text(answer)).startsWith("{\"data\":{\"cargos\":{}}");
    assertThat(forwarded).hasSize(1);
  }

  @Test
  void execute_malformedRequestInApplicationJson_refused200WithTheCallersBalance() {
    GatewayAnswer answer =
        services
            .gateway()
            .execute(
                new GatewayCall(
                    DemoConfig.OPEN_KEY,
                    Transport.POST,
                    null,
                    null,
                    () -> {
                      throw new InvalidDocumentIdException("nope");
                    }));

    // a GraphQL-shaped refusal in application/json is a 200 (GraphQL over HTTP)
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.contentType()).isEqualTo("application/json; charset=utf-8");
    assertThat(text(answer)).contains("\"code\":\"INVALID_DOCUMENT_ID\"");
    assertThat(answer.headers()).containsKey("X-RateLimit-Remaining");
    assertThat(forwarded).isEmpty();
  }

  private static GatewayCall call(String key, @Nullable String accept) {
    AdmissionRequest request = new AdmissionRequest(QUERY, null, null, Map.of(), Transport.POST);
    return new GatewayCall(
        key, Transport.POST, accept, null, () -> new GatewayCall.Read(List.of(request), false));
  }

  private static String text(GatewayAnswer answer) {
    return new String(answer.body() == null ? new byte[0] : answer.body(), StandardCharsets.UTF_8);
  }
}
