package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.catalog.RegisteredDocument;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class UpstreamRequestTest {

  private static final String TEXT =
      "query Cargo($id: String!) {\n  cargo(trackingId: $id) { id trackingId }\n}\n";

  private final OperationPricer pricer =
      new OperationPricer(
          UnExecutableSchemaGenerator.makeUnExecutableSchema(
              new SchemaParser().parse(resource("/dev/tollgate/registry/demo/cargo.graphqls"))),
          CostModel.book());

  /* ---- of (a registered document) ---- */

  @Test
  void query_ofRegisteredDocument_isItsExactText() {
    UpstreamRequest request = UpstreamRequest.of(document(), "Cargo", Map.of("id", "A"), true);

    assertThat(request.query()).isEqualTo(TEXT);
    assertThat(request.query()).isSameAs(request.query()); // unpacked once, then kept
  }

  @Test
  void equals_ofRegisteredDocument_isTheRequestOfItsText() {
    UpstreamRequest lazy = UpstreamRequest.of(document(), "Cargo", Map.of("id", "A"), true);
    UpstreamRequest plain = new UpstreamRequest(TEXT, "Cargo", Map.of("id", "A"), true);

    assertThat(lazy).isEqualTo(plain).hasSameHashCodeAs(plain);
    assertThat(lazy).isNotEqualTo(new UpstreamRequest(TEXT, "Cargo", Map.of("id", "B"), true));
  }

  @Test
  void withHeaders_ofRegisteredDocument_keepsTheText() {
    Map<String, List<String>> headers = Map.of("x-tollgate-app", List.of("web"));

    UpstreamRequest request =
        UpstreamRequest.of(document(), null, Map.of(), false).withHeaders(headers);

    assertThat(request.query()).isEqualTo(TEXT);
    assertThat(request.headers()).isEqualTo(headers);
    assertThat(request.operationName()).isNull();
    assertThat(request.resendable()).isFalse();
  }

  private RegisteredDocument document() {
    return new RegisteredDocument(
        DocumentHash.of(TEXT), TEXT, pricer.analyse(TEXT, 1_000).operations(), false);
  }

  private static String resource(String path) {
    try (InputStream in = UpstreamRequestTest.class.getResourceAsStream(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
