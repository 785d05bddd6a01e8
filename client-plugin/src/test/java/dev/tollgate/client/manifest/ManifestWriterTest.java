package dev.tollgate.client.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

final class ManifestWriterTest {

  @Test
  void toJson_unsortedOperations_sortedByNameThenId() {
    Manifest manifest =
        new Manifest(
            List.of(
                new ManifestOperation("2", "B", "query", "query B { b }"),
                new ManifestOperation("9", "A", "query", "query A { a }"),
                new ManifestOperation("1", "B", "query", "query B { b c }")));

    assertThat(manifest.operations())
        .extracting(ManifestOperation::id)
        .containsExactly("9", "1", "2");
  }

  @Test
  void toJson_oneOperation_apolloFormatTwoSpaceIndentFinalNewline() {
    Manifest manifest =
        new Manifest(List.of(new ManifestOperation("abc", "Q", "query", "query Q {\n  a\n}\n")));

    assertThat(ManifestWriter.toJson(manifest))
        .isEqualTo(
            """
        {
          "format": "apollo-persisted-query-manifest",
          "version": 1,
          "operations": [
            {
              "id": "abc",
              "name": "Q",
              "type": "query",
              "body": "query Q {\\n  a\\n}\\n"
            }
          ]
        }
        """);
  }

  @Test
  void toJson_sameOperationsInAnyOrder_sameBytes() {
    ManifestOperation a = new ManifestOperation("1", "A", "query", "query A { a }");
    ManifestOperation b = new ManifestOperation("2", "B", "query", "query B { b }");

    assertThat(ManifestWriter.toJson(new Manifest(List.of(a, b))))
        .isEqualTo(ManifestWriter.toJson(new Manifest(List.of(b, a))));
  }
}
