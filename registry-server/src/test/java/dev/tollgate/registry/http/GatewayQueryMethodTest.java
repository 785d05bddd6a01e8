package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The HTTP {@code QUERY} method ({@code gateway.httpQueryMethod}) and the {@code
 * application/graphql-request+json} body ({@code gateway.graphqlRequestMediaType}): both off by
 * default, answered as before; on, a QUERY is read as a POST body and answered, cached and
 * revalidated as a GET.
 */
final class GatewayQueryMethodTest {

  private static final String CARGO =
      "query Cargo { cargo(trackingId: \"ABC123\") { id trackingId } }";
  private static final String LOAD = "mutation Load { __typename }";

  /* ---- off by default ---- */

  @Test
  void query_offByDefault_notRoutedAsBefore() {
    try (GatewayHarness gateway = GatewayHarness.start()) {
      DocumentHash cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);

      HttpResponse<String> response =
          gateway.send(query(gateway, "trusted-key", "application/json", byId(cargo), null));

      assertThat(response.statusCode()).isEqualTo(404);
      assertThat(body(response).path("code").asText()).isEqualTo("ROUTE_NOT_FOUND");
      assertThat(response.headers().firstValue("Accept-Query")).isEmpty();
      assertThat(gateway.upstreamCalls()).isZero();
    }
  }

  @Test
  void requestMediaType_offByDefault_415() {
    try (GatewayHarness gateway = GatewayHarness.start()) {
      DocumentHash cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);

      HttpResponse<String> response =
          gateway.send(post(gateway, GatewayRequestReader.GRAPHQL_REQUEST_JSON, byId(cargo)));

      assertThat(response.statusCode()).isEqualTo(415);
      assertThat(body(response).at("/errors/0/extensions/code").asText())
          .isEqualTo("UNSUPPORTED_MEDIA_TYPE");
      assertThat(body(response).at("/errors/0/message").asText())
          .isEqualTo(
              "Content-Type must be application/json, got: application/graphql-request+json");
    }
  }

  /* ---- on ---- */

  @Test
  void query_registeredIdTwice_secondFromCacheLikeGet() {
    try (GatewayHarness gateway = GatewayHarness.startWithHttpExtensions(true, false)) {
      DocumentHash cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);

      HttpResponse<String> first =
          gateway.send(query(gateway, "trusted-key", "application/json", byId(cargo), null));
      HttpResponse<String> second =
          gateway.send(query(gateway, "trusted-key", "application/json", byId(cargo), null));

      assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
      assertThat(second.statusCode()).isEqualTo(200);
      // one upstream call: the second answer came from the response cache
      assertThat(gateway.upstreamCalls()).isEqualTo(1);
      assertThat(first.headers().firstValue("Age")).isEmpty();
      assertThat(second.headers().firstValue("Age")).hasValue("0");
      assertThat(second.headers().firstValue("Cache-Control")).hasValue("private, max-age=60");
      assertThat(second.headers().firstValue("ETag"))
          .isPresent()
          .isEqualTo(first.headers().firstValue("ETag"));
      assertThat(second.headers().firstValue("Accept-Query")).hasValue("application/json");
    }
  }

  @Test
  void query_ifNoneMatch_304WithoutUpstreamCall() {
    try (GatewayHarness gateway = GatewayHarness.startWithHttpExtensions(true, false)) {
      DocumentHash cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);
      String etag =
          gateway
              .send(query(gateway, "trusted-key", "application/json", byId(cargo), null))
              .headers()
              .firstValue("ETag")
              .orElseThrow();

      HttpResponse<String> revalidated =
          gateway.send(query(gateway, "trusted-key", "application/json", byId(cargo), etag));

      assertThat(revalidated.statusCode()).isEqualTo(304);
      assertThat(revalidated.body()).isEmpty();
      assertThat(revalidated.headers().firstValue("ETag")).hasValue(etag);
      assertThat(gateway.upstreamCalls()).isEqualTo(1);
    }
  }

  @Test
  void query_mutation_405AllowPostAsForGet() {
    try (GatewayHarness gateway = GatewayHarness.startWithHttpExtensions(true, false)) {
      DocumentHash load = gateway.publishFixed("web", "1", LOAD, "Load", OperationKind.MUTATION, 1);

      HttpResponse<String> response =
          gateway.send(query(gateway, "trusted-key", "application/json", byId(load), null));

      assertThat(response.statusCode()).isEqualTo(405);
      assertThat(response.headers().firstValue("Allow")).hasValue("POST");
      assertThat(body(response).at("/errors/0/extensions/code").asText())
          .isEqualTo("METHOD_NOT_ALLOWED");
      assertThat(gateway.upstreamCalls()).isZero();
    }
  }

  @Test
  void query_unknownKey_401FromTheHeaders() {
    try (GatewayHarness gateway = GatewayHarness.startWithHttpExtensions(true, false)) {
      HttpResponse<String> response =
          gateway.send(query(gateway, "no-such-key", "application/json", "{", null));

      // refused before the body (not JSON) is read
      assertThat(response.statusCode()).isEqualTo(401);
    }
  }

  @Test
  void requestMediaType_on_acceptedForPostAndQueryAndAdvertised() {
    try (GatewayHarness gateway = GatewayHarness.startWithHttpExtensions(true, true)) {
      DocumentHash cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);
      String type = GatewayRequestReader.GRAPHQL_REQUEST_JSON + "; charset=utf-8";

      HttpResponse<String> posted = gateway.send(post(gateway, type, byId(cargo)));
      HttpResponse<String> queried =
          gateway.send(query(gateway, "trusted-key", type, byId(cargo), null));
      HttpResponse<String> plain = gateway.send(post(gateway, "text/plain", byId(cargo)));

      assertThat(posted.statusCode()).as(posted.body()).isEqualTo(200);
      assertThat(queried.statusCode()).as(queried.body()).isEqualTo(200);
      assertThat(queried.headers().firstValue("Accept-Query"))
          .hasValue("application/json, application/graphql-request+json");
      assertThat(plain.statusCode()).isEqualTo(415);
      assertThat(body(plain).at("/errors/0/message").asText())
          .isEqualTo(
              "Content-Type must be application/json or application/graphql-request+json,"
                  + " got: text/plain");
    }
  }

  @Test
  void requestMediaType_onWithoutQueryMethod_noAcceptQuery() {
    try (GatewayHarness gateway = GatewayHarness.startWithHttpExtensions(false, true)) {
      DocumentHash cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);

      HttpResponse<String> posted =
          gateway.send(post(gateway, GatewayRequestReader.GRAPHQL_REQUEST_JSON, byId(cargo)));

      assertThat(posted.statusCode()).as(posted.body()).isEqualTo(200);
      assertThat(posted.headers().firstValue("Accept-Query")).isEmpty();
    }
  }

  private static String byId(DocumentHash id) {
    return "{\"documentId\":\"" + id.hex() + "\"}";
  }

  private static HttpRequest query(
      GatewayHarness gateway,
      String key,
      String contentType,
      String body,
      @Nullable String ifNoneMatch) {
    HttpRequest.Builder request =
        gateway
            .request("/graphql", key)
            .header("Content-Type", contentType)
            .method("QUERY", HttpRequest.BodyPublishers.ofString(body));
    if (ifNoneMatch != null) {
      request.header("If-None-Match", ifNoneMatch);
    }
    return request.build();
  }

  private static HttpRequest post(GatewayHarness gateway, String contentType, String body) {
    return gateway
        .request("/graphql", "trusted-key")
        .header("Content-Type", contentType)
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }
}
