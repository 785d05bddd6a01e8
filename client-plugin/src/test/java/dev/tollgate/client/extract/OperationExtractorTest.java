package dev.tollgate.client.extract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.tollgate.client.ExtractRequest;
import dev.tollgate.client.TestFiles;
import dev.tollgate.client.manifest.Manifest;
import dev.tollgate.client.manifest.ManifestOperation;
import dev.tollgate.client.manifest.ManifestWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each case is a folder under extract/: inputs/ is the project, expected-manifest.json the golden.
 */
final class OperationExtractorTest {

  /* ---- golden manifests ---- */

  @ParameterizedTest
  @ValueSource(strings = {"basic", "fragments", "with-schema", "cargo"})
  void extract_fixture_matchesGoldenManifest(String name) throws IOException {
    Path fixture = TestFiles.resource("extract/" + name);

    String json = ManifestWriter.toJson(extract(fixture));

    String expected =
        Files.readString(fixture.resolve("expected-manifest.json"), StandardCharsets.UTF_8);
    assertThat(json).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"basic", "fragments", "with-schema", "cargo"})
  void extract_fixture_idIsSha256OfBody(String name) throws Exception {
    for (ManifestOperation operation :
        extract(TestFiles.resource("extract/" + name)).operations()) {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(operation.body().getBytes(StandardCharsets.UTF_8));
      assertThat(operation.id()).isEqualTo(HexFormat.of().formatHex(digest));
    }
  }

  @Test
  void extract_twice_sameBytes() {
    Path fixture = TestFiles.resource("extract/fragments");

    assertThat(ManifestWriter.toJson(extract(fixture)))
        .isEqualTo(ManifestWriter.toJson(extract(fixture)));
  }

  @Test
  void extract_reformattedSource_sameId(@org.junit.jupiter.api.io.TempDir Path project)
      throws IOException {
    Path a = write(project.resolve("a"), "query Q { ping pong }");
    Path b = write(project.resolve("b"), "# a comment\nquery   Q {\n  ping,\n\n  pong\n}\n");

    String idA = OperationExtractor.extract(List.of(a), null, project).operations().get(0).id();
    String idB = OperationExtractor.extract(List.of(b), null, project).operations().get(0).id();

    assertThat(idA).isEqualTo(idB);
  }

  @Test
  void extract_fragmentsUsed_onlyUsedOnesSortedByName() {
    Manifest manifest = extract(TestFiles.resource("extract/fragments"));

    ManifestOperation dashboard = manifest.operations().get(0);
    assertThat(dashboard.name()).isEqualTo("Dashboard");
    assertThat(fragmentNames(dashboard.body()))
        .containsExactly("Image", "Place", "ShipmentRow", "ViewerCard");
    assertThat(manifest.operations().get(1).body()).doesNotContain("fragment");
  }

  @Test
  void extract_noSourceFolders_emptyManifest(@org.junit.jupiter.api.io.TempDir Path project) {
    Manifest manifest =
        OperationExtractor.extract(ExtractRequest.defaultSourceDirectories(project), null, project);

    assertThat(manifest.isEmpty()).isTrue();
  }

  /* ---- refusals, each with file and line ---- */

  @Test
  void extract_syntaxError_refusedWithFileAndLine() {
    assertThat(problems("refuse-syntax"))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.file()).isEqualTo("src/main/graphql/broken.graphql");
              assertThat(p.line()).isEqualTo(7);
              assertThat(p.message()).startsWith("syntax error");
            });
  }

  @Test
  void extract_anonymousOperation_refusedWithFileAndLine() {
    assertThat(problems("refuse-anonymous"))
        .containsExactly(
            new ExtractionProblem(
                "src/main/graphql/ops.graphql",
                3,
                "anonymous query: every persisted operation needs a name"));
  }

  @Test
  void extract_duplicateOperationName_refusedAtSecondDefinition() {
    assertThat(problems("refuse-duplicate-operation"))
        .containsExactly(
            new ExtractionProblem(
                "src/main/graphql/second.graphql",
                3,
                "operation 'Shipments' is defined twice (first at src/main/graphql/first.graphql:1)"));
  }

  @Test
  void extract_undefinedFragment_refusedAtEachSpread() {
    assertThat(problems("refuse-undefined-fragment"))
        .containsExactly(
            new ExtractionProblem(
                "src/main/graphql/ops.graphql", 3, "fragment 'Missing' is used but not defined"),
            new ExtractionProblem(
                "src/main/graphql/ops.graphql",
                13,
                "fragment 'AlsoMissing' is used but not defined"));
  }

  @Test
  void extract_duplicateFragmentName_refusedAtSecondDefinition() {
    assertThat(problems("refuse-duplicate-fragment"))
        .containsExactly(
            new ExtractionProblem(
                "src/main/graphql/b.graphql",
                1,
                "fragment 'Card' is defined twice (first at src/main/graphql/a.graphql:3)"));
  }

  @Test
  void extract_typeDefinitionAmongOperations_refused() {
    assertThat(problems("refuse-type-definition"))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.file()).isEqualTo("src/main/graphql/ops.graphql");
              assertThat(p.line()).isEqualTo(3);
              assertThat(p.message()).contains("schema definitions belong in the schema file");
            });
  }

  @Test
  void extract_invalidAgainstSchema_refusedWithFileAndLine() {
    assertThat(problems("refuse-invalid-against-schema"))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.file()).isEqualTo("src/main/graphql/ops.graphql");
              assertThat(p.line()).isEqualTo(8);
              assertThat(p.message()).contains("colour").contains("Shipment");
            });
  }

  @Test
  void extract_brokenSchema_refusedAgainstSchemaFile() {
    assertThat(problems("refuse-bad-schema"))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.file()).isEqualTo("schema.graphqls");
              assertThat(p.message()).startsWith("schema: ");
            });
  }

  @Test
  void extract_missingSchemaFile_refusedNamingIt(@org.junit.jupiter.api.io.TempDir Path project) {
    ExtractionException e =
        catchThrowableOfType(
            ExtractionException.class,
            () ->
                OperationExtractor.extract(
                    List.of(project), project.resolve("nope.graphqls"), project));

    assertThat(e.problems())
        .containsExactly(new ExtractionProblem("nope.graphqls", 0, "no such schema file"));
  }

  @Test
  void extract_refused_messageListsFileAndLine() {
    ExtractionException e =
        catchThrowableOfType(
            ExtractionException.class,
            () -> extract(TestFiles.resource("extract/refuse-anonymous")));

    assertThat(e)
        .hasMessage(
            "1 problem in GraphQL sources:\n"
                + "  src/main/graphql/ops.graphql:3: anonymous query: every persisted operation needs a name");
    assertThat(e.code()).isEqualTo("EXTRACTION_FAILED");
  }

  /* ---- helpers ---- */

  private static Manifest extract(Path fixture) {
    Path project = fixture.resolve("inputs");
    Path schema = project.resolve("schema.graphqls");
    return OperationExtractor.extract(
        ExtractRequest.defaultSourceDirectories(project),
        Files.exists(schema) ? schema : null,
        project);
  }

  private static List<ExtractionProblem> problems(String fixture) {
    ExtractionException e =
        catchThrowableOfType(
            ExtractionException.class, () -> extract(TestFiles.resource("extract/" + fixture)));
    assertThat(e).as("extraction of %s must be refused", fixture).isNotNull();
    return e.problems();
  }

  private static List<String> fragmentNames(String body) {
    return body.lines().filter(l -> l.startsWith("fragment ")).map(l -> l.split(" ")[1]).toList();
  }

  private static Path write(Path folder, String text) throws IOException {
    Files.createDirectories(folder);
    Files.writeString(folder.resolve("op.graphql"), text);
    return folder;
  }
}
