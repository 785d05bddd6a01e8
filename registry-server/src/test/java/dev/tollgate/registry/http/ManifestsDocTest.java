package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.docs.MarkdownDoc;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.store.TestDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/manifests.md's examples do what it says: each manifest publishes, its hash ids are the
 * SHA-256 of their bodies, its other ids become custom ids that the registry reads documents by,
 * and the {@code sha256sum} example prints the id of its text.
 */
final class ManifestsDocTest {

  private static final MarkdownDoc DOC = MarkdownDoc.read("docs/manifests.md");
  private static final Pattern SHA256SUM =
      Pattern.compile("printf '%s' '([^']*)' \\| sha256sum\\n# ([0-9a-f]{64})");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void sha256sumExample_printsTheIdOfItsText() {
    Matcher example = SHA256SUM.matcher(DOC.text());

    assertThat(example.find()).as("the sha256sum example").isTrue();
    assertThat(example.group(2)).isEqualTo(DocumentHash.of(example.group(1)).hex());
  }

  @Test
  void manifestExamples_publish_hashIdsAreTheirBodies_otherIdsAreCustomIds() throws Exception {
    List<String> manifests = DOC.jsonBlocks();
    List<String> customIds = new ArrayList<>();
    try (RegistryTestServer server = RegistryTestServer.start(TestDatabase.h2(dir))) {
      publish(server, manifests, customIds);
      for (String customId : customIds) {
        RegistryTestServer.Response read =
            server.get("/v1/documents/" + customId + "?app=docs", RegistryTestServer.ADMIN);
        assertThat(read.status()).as(read.body()).isEqualTo(200);
      }
    }

    assertThat(manifests).hasSize(2);
    assertThat(customIds).isNotEmpty();
  }

  /**
   * Publishes each manifest as a version of app {@code docs} and checks the report's ids; collects
   * the custom ids.
   */
  private static void publish(
      RegistryTestServer server, List<String> manifests, List<String> customIds) throws Exception {
    for (int i = 0; i < manifests.size(); i++) {
      RegistryTestServer.Response published =
          server.post(
              "/v1/apps/docs/versions/" + (i + 1), manifests.get(i), RegistryTestServer.ADMIN);
      assertThat(published.status()).as(published.body()).isEqualTo(201);
      JsonNode reported = JSON.readTree(published.body()).get("operations");
      for (Map.Entry<String, String> entry : idsAndBodies(manifests.get(i)).entrySet()) {
        JsonNode operation = operationWithId(reported, DocumentHash.of(entry.getValue()).hex());
        if (DocumentHash.looksLikeHash(entry.getKey())) {
          assertThat(operation.get("customIds")).isEmpty();
        } else {
          assertThat(operation.get("customIds").toString()).contains("\"" + entry.getKey() + "\"");
          customIds.add(entry.getKey());
        }
      }
    }
  }

  /** The manifest's ids and bodies, in either format. */
  private static Map<String, String> idsAndBodies(String manifest) throws Exception {
    JsonNode root = JSON.readTree(manifest);
    Map<String, String> ids = new LinkedHashMap<>();
    if (root.has("operations")) {
      root.get("operations").forEach(op -> ids.put(op.get("id").asText(), op.get("body").asText()));
    } else {
      root.fields().forEachRemaining(field -> ids.put(field.getKey(), field.getValue().asText()));
    }
    return ids;
  }

  private static JsonNode operationWithId(JsonNode operations, String id) {
    for (JsonNode operation : operations) {
      if (operation.get("id").asText().equals(id)) {
        return operation;
      }
    }
    throw new AssertionError("the report has no operation " + id + ": " + operations);
  }
}
