package dev.tollgate.client.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.client.TestFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class ManifestReaderTest {

  /* ---- accepted formats ---- */

  @Test
  void read_apolloGeneratorOutput_operationsSortedExtraFieldsIgnored() {
    Manifest manifest = ManifestReader.read(TestFiles.resource("manifests/apollo-generated.json"));

    assertThat(manifest.operations())
        .extracting(ManifestOperation::name, ManifestOperation::type)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("CancelShipment", "mutation"),
            org.assertj.core.groups.Tuple.tuple("ShipmentById", "query"));
    assertThat(manifest.operations().get(1).id())
        .isEqualTo("3d8f0b1e1b0a39e2e0a4c6b1bb9f8a5a2c5f9d3c0f7a4e8b6d2c1a0f9e8d7c6b");
    assertThat(manifest.operations().get(1).body()).contains("__typename");
  }

  @Test
  void read_relayIdMap_nameAndTypeFromBody() {
    Manifest manifest = ManifestReader.read(TestFiles.resource("manifests/relay.json"));

    assertThat(manifest.operations())
        .containsExactly(
            new ManifestOperation(
                "9f2c4c0e1d2b3a4f5e6d7c8b9a0f1e2d",
                "AppQuery",
                "query",
                "query AppQuery {\n  viewer {\n    name\n  }\n}\n"),
            new ManifestOperation(
                "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d",
                "AppRenameMutation",
                "mutation",
                "mutation AppRenameMutation($name: String!) {\n  rename(name: $name) {\n    name\n  }\n}\n"));
  }

  @Test
  void read_codegenIdMap_anonymousOperationNamedById() {
    Manifest manifest = ManifestReader.read(TestFiles.resource("manifests/codegen.json"));

    assertThat(manifest.operations())
        .extracting(ManifestOperation::name)
        .containsExactly("Shipments", "c2f9b5c1cc9c6d7b1ac2e4ff1a5a2e7b3d7e6f3d");
  }

  @Test
  void read_writtenManifest_roundTrips(@TempDir Path folder) {
    Manifest manifest =
        new Manifest(
            java.util.List.of(
                new ManifestOperation("b", "Zeta", "query", "query Zeta { z }"),
                new ManifestOperation("a", "Alpha", "mutation", "mutation Alpha { a }")));
    Path file = folder.resolve("out/manifest.json");

    ManifestWriter.write(manifest, file);

    assertThat(ManifestReader.read(file)).isEqualTo(manifest);
  }

  /* ---- refusals ---- */

  @Test
  void read_unknownFormat_refusedNamingFormat() {
    assertThatThrownBy(
            () -> ManifestReader.read(TestFiles.resource("manifests/unknown-format.json")))
        .isInstanceOf(ManifestFormatException.class)
        .hasMessageContaining("unknown-format.json")
        .hasMessageContaining("unsupported format 'some-other-manifest'");
  }

  @Test
  void read_wrongVersion_refused() {
    assertThatThrownBy(
            () -> ManifestReader.read(TestFiles.resource("manifests/wrong-version.json")))
        .isInstanceOf(ManifestFormatException.class)
        .hasMessageContaining("version 2 (expected 1)");
  }

  @Test
  void read_operationWithoutBody_refusedNamingIndex() {
    assertThatThrownBy(() -> ManifestReader.read(TestFiles.resource("manifests/missing-body.json")))
        .hasMessageContaining("operations[0] has no 'body' string");
  }

  @Test
  void read_mapOfObjects_refused() {
    assertThatThrownBy(() -> ManifestReader.read(TestFiles.resource("manifests/not-a-map.json")))
        .isInstanceOf(ManifestFormatException.class)
        .hasMessageContaining("{id: body} map");
  }

  @Test
  void read_truncatedJson_refusedAsNotJson() {
    assertThatThrownBy(() -> ManifestReader.read(TestFiles.resource("manifests/truncated.json")))
        .isInstanceOf(ManifestFormatException.class)
        .hasMessageContaining("not JSON");
  }

  @Test
  void read_missingFile_refused(@TempDir Path folder) {
    assertThatThrownBy(() -> ManifestReader.read(folder.resolve("nope.json")))
        .isInstanceOf(ManifestFormatException.class)
        .hasMessageContaining("no such file");
  }
}
