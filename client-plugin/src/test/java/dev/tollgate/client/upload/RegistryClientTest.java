package dev.tollgate.client.upload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.tollgate.client.FakeRegistry;
import dev.tollgate.client.manifest.Manifest;
import dev.tollgate.client.manifest.ManifestOperation;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

final class RegistryClientTest {

  private static final Manifest MANIFEST =
      new Manifest(
          List.of(
              new ManifestOperation(
                  "a1", "Shipments", "query", "query Shipments {\n  shipments {\n    id\n  }\n}\n"),
              new ManifestOperation(
                  "b2", "Cancel", "mutation", "mutation Cancel {\n  cancel\n}\n")));

  private final FakeRegistry registry = FakeRegistry.start();
  private final RegistryClient client = new RegistryClient(registry.url(), FakeRegistry.TOKEN);

  @AfterEach
  void stop() {
    registry.close();
  }

  /* ---- check ---- */

  @Test
  void check_manifest_postsDryRunWithBearerToken() {
    client.check("web", "1.2.0", MANIFEST);

    FakeRegistry.Request request = registry.requests().get(0);
    assertThat(request.method()).isEqualTo("POST");
    assertThat(request.path()).isEqualTo("/v1/apps/web/versions/1.2.0");
    assertThat(request.query()).isEqualTo("dryRun=true");
    assertThat(request.authorization()).isEqualTo("Bearer " + FakeRegistry.TOKEN);
    // a manifest that is not a file's bytes is sent as compact JSON
    assertThat(request.body()).startsWith("{\"format\":\"apollo-persisted-query-manifest\",");
  }

  @Test
  void check_manifest_reportsCostDepthAliasesAndStoresNothing() {
    RegistryReport report = client.check("web", "1", MANIFEST);

    assertThat(report.dryRun()).isTrue();
    assertThat(report.operations())
        .extracting(
            ReportedOperation::name,
            ReportedOperation::cost,
            ReportedOperation::depth,
            ReportedOperation::aliases,
            ReportedOperation::status)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("Cancel", 3L, 1, 0, "new"),
            org.assertj.core.groups.Tuple.tuple("Shipments", 5L, 2, 0, "new"));
    assertThat(registry.documents()).isEmpty();
  }

  /* ---- publish ---- */

  @Test
  void publish_manifest_postsWithoutDryRunAndStores() {
    RegistryReport report = client.publish("web", "1", MANIFEST);

    assertThat(registry.requests().get(0).query()).isNull();
    assertThat(report.newCount()).isEqualTo(2);
    assertThat(registry.documents()).containsKeys("a1", "b2");
  }

  @Test
  void publish_sameDocumentsUnderNewVersion_existing() {
    client.publish("web", "1", MANIFEST);

    RegistryReport report = client.publish("web", "2", MANIFEST);

    assertThat(report.existingCount()).isEqualTo(2);
    assertThat(report.newCount()).isZero();
  }

  @Test
  void publish_differentManifestForPublishedVersion_conflict() {
    client.publish("web", "1", MANIFEST);
    Manifest other = new Manifest(List.of(MANIFEST.operations().get(0)));

    ManifestConflictException e =
        catchThrowableOfType(
            ManifestConflictException.class, () -> client.publish("web", "1", other));

    assertThat(e).hasMessageContaining("HTTP 409").hasMessageContaining("web@1");
    assertThat(e.code()).isEqualTo("MANIFEST_CONFLICT");
  }

  @Test
  void versionUri_appAndVersionWithReservedCharacters_encoded() {
    RegistryClient slashy = new RegistryClient(URI.create("http://r.example/"), null);

    assertThat(slashy.versionUri("my app", "1.0/rc 1", true))
        .hasToString("http://r.example/v1/apps/my%20app/versions/1.0%2Frc%201?dryRun=true");
  }

  /* ---- failures ---- */

  @Test
  void check_noToken_unauthorized() {
    RegistryClient anonymous = new RegistryClient(registry.url(), null);

    assertThat(
            catchThrowableOfType(
                RegistryUnauthorizedException.class, () -> anonymous.check("web", "1", MANIFEST)))
        .hasMessageContaining("HTTP 401");
    assertThat(registry.requests().get(0).authorization()).isNull();
  }

  @Test
  void check_wrongToken_forbiddenWithoutTokenInMessage() {
    RegistryClient wrong = new RegistryClient(registry.url(), "not-the-right-token");

    RegistryForbiddenException e =
        catchThrowableOfType(
            RegistryForbiddenException.class, () -> wrong.check("web", "1", MANIFEST));

    assertThat(e).hasMessageContaining("HTTP 403").hasMessageNotContaining("not-the-right-token");
  }

  @Test
  void check_registryEchoesToken_redacted() {
    registry.answer(
        403,
        "{\"code\":\"FORBIDDEN\",\"message\":\"token " + FakeRegistry.TOKEN + " is revoked\"}");

    RegistryForbiddenException e =
        catchThrowableOfType(
            RegistryForbiddenException.class, () -> client.check("web", "1", MANIFEST));

    assertThat(e)
        .hasMessageNotContaining(FakeRegistry.TOKEN)
        .hasMessageContaining("token **** is revoked");
  }

  @Test
  void check_unreachableRegistry_unreachableNamingUrl() {
    URI closed = registry.url();
    registry.close();

    RegistryUnreachableException e =
        catchThrowableOfType(
            RegistryUnreachableException.class,
            () -> new RegistryClient(closed, FakeRegistry.TOKEN).check("web", "1", MANIFEST));

    assertThat(e)
        .hasMessageStartingWith("cannot reach the registry at " + closed)
        .hasMessageNotContaining(FakeRegistry.TOKEN);
    assertThat(e.code()).isEqualTo("REGISTRY_UNREACHABLE");
  }

  @Test
  void check_validationErrors422_rejectedWithPerOperationDetails() {
    registry.answer(
        422,
        """
        {"code":"GRAPHQL_VALIDATION_FAILED","message":"1 operation is invalid",
         "extensions":{"operations":[{"name":"Shipments","id":"a1",
           "errors":[{"message":"Field 'colour' in type 'Shipment' is undefined"}]}]}}
        """);

    ManifestRejectedException e =
        catchThrowableOfType(
            ManifestRejectedException.class, () -> client.check("web", "1", MANIFEST));

    assertThat(e.status()).isEqualTo(422);
    assertThat(e.registryCode()).isEqualTo("GRAPHQL_VALIDATION_FAILED");
    assertThat(e.details())
        .containsExactly("Shipments: Field 'colour' in type 'Shipment' is undefined");
    assertThat(e).hasMessageContaining("1 operation is invalid");
  }

  @Test
  void publish_tooLarge413_rejectedWithRegistryMessage() {
    registry.answer(413, "{\"code\":\"PAYLOAD_TOO_LARGE\",\"message\":\"manifest exceeds 10 MB\"}");

    ManifestRejectedException e =
        catchThrowableOfType(
            ManifestRejectedException.class, () -> client.publish("web", "1", MANIFEST));

    assertThat(e)
        .hasMessageContaining("HTTP 413, PAYLOAD_TOO_LARGE")
        .hasMessageContaining("manifest exceeds 10 MB");
  }

  @Test
  void publish_idMismatch400_rejected() {
    registry.answer(
        400, "{\"code\":\"ID_MISMATCH\",\"message\":\"id a1 is not the sha256 of its body\"}");

    assertThat(
            catchThrowableOfType(
                ManifestRejectedException.class, () -> client.publish("web", "1", MANIFEST)))
        .hasMessageContaining("id a1 is not the sha256");
  }

  @Test
  void publish_serverErrorNotJson_responseExceptionWithPreview() {
    registry.answer(502, "<html>Bad Gateway</html>");

    RegistryResponseException e =
        catchThrowableOfType(
            RegistryResponseException.class, () -> client.publish("web", "1", MANIFEST));

    assertThat(e)
        .hasMessage("unexpected answer from the registry (HTTP 502): <html>Bad Gateway</html>");
  }

  @Test
  void check_reportWithUnknownFieldsAndMissingNumbers_readLeniently() {
    registry.answer(
        200,
        """
        {"app":"web","version":"1","dryRun":true,"future":{"x":1},
         "operations":[{"id":"a1","name":"Shipments","type":"query","status":"new","extra":"y"}]}
        """);

    ReportedOperation operation = client.check("web", "1", MANIFEST).operations().get(0);

    assertThat(operation.cost()).isNull();
    assertThat(operation.refused()).isFalse();
  }

  @Test
  void check_operationWithErrors_refused() {
    registry.answer(
        200,
        """
        {"operations":[{"id":"a1","name":"Shipments","status":"refused","errors":["too deep"]}]}
        """);

    RegistryReport report = client.check("web", "1", MANIFEST);

    assertThat(report.refused())
        .singleElement()
        .satisfies(o -> assertThat(o.errors()).containsExactly("too deep"));
  }
}
