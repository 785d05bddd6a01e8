package dev.tollgate.registry.publish;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads a manifest body: Apollo's {@code {"format":"apollo-persisted-query-manifest","version":1,
 * "operations":[{"id","name","type","body"}]}}, or a map {@code {id: body}} as Relay and
 * graphql-codegen write. Duplicate keys and trailing content are malformed JSON.
 */
final class ManifestReader {

  static final String APOLLO_FORMAT = "apollo-persisted-query-manifest";

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private ManifestReader() {}

  /**
   * @throws PublishException when the body is not JSON or not a manifest of a known format, or is
   *     empty
   */
  static List<ManifestEntry> read(byte[] body) {
    JsonNode root = parse(body);
    if (!root.isObject()) {
      throw PublishException.malformedManifest("manifest must be a JSON object");
    }
    List<ManifestEntry> entries =
        root.has("format") || root.has("operations") ? apollo(root) : map(root);
    if (entries.isEmpty()) {
      throw PublishException.emptyManifest();
    }
    return entries;
  }

  private static JsonNode parse(byte[] body) {
    try {
      JsonNode root = JSON.readTree(body);
      if (root == null || root.isMissingNode()) {
        throw PublishException.malformedJson("the body is empty");
      }
      return root;
    } catch (JsonProcessingException e) {
      throw PublishException.malformedJson(e.getOriginalMessage());
    } catch (IOException e) {
      throw PublishException.malformedJson(String.valueOf(e.getMessage()));
    }
  }

  private static List<ManifestEntry> apollo(JsonNode root) {
    JsonNode format = root.get("format");
    if (format == null || !format.isTextual() || !APOLLO_FORMAT.equals(format.asText())) {
      throw PublishException.unsupportedFormat(format == null ? "(missing)" : format.toString());
    }
    JsonNode version = root.get("version");
    if (version == null || !version.isIntegralNumber() || version.asLong() != 1) {
      throw PublishException.unsupportedVersion(version == null ? "(missing)" : version.toString());
    }
    JsonNode operations = root.get("operations");
    if (operations == null || !operations.isArray()) {
      throw PublishException.malformedManifest("operations must be an array");
    }
    List<ManifestEntry> entries = new ArrayList<>();
    for (int i = 0; i < operations.size(); i++) {
      entries.add(apolloEntry(i, operations.get(i)));
    }
    return entries;
  }

  private static ManifestEntry apolloEntry(int index, JsonNode operation) {
    if (!operation.isObject()) {
      throw PublishException.malformedManifest("operations[" + index + "] must be an object");
    }
    JsonNode body = operation.get("body");
    if (body == null || !body.isTextual()) {
      throw PublishException.malformedManifest("operations[" + index + "].body must be a string");
    }
    JsonNode id = operation.get("id");
    if (id != null && !id.isNull() && !id.isTextual()) {
      throw PublishException.malformedManifest("operations[" + index + "].id must be a string");
    }
    JsonNode name = operation.get("name");
    return new ManifestEntry(
        id == null || id.isNull() ? null : id.asText(),
        name != null && name.isTextual() ? name.asText() : null,
        body.asText());
  }

  private static List<ManifestEntry> map(JsonNode root) {
    List<ManifestEntry> entries = new ArrayList<>();
    Iterator<Map.Entry<String, JsonNode>> fields = root.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      if (!field.getValue().isTextual()) {
        throw PublishException.malformedManifest(
            "the value of "
                + abbreviate(field.getKey())
                + " must be the document's text (a string)");
      }
      entries.add(new ManifestEntry(field.getKey(), null, field.getValue().asText()));
    }
    return entries;
  }

  private static String abbreviate(String value) {
    return value.length() <= 80 ? value : value.substring(0, 77) + "...";
  }
}
