package dev.tollgate.client.manifest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a manifest in any of the formats clients write:
 *
 * <ul>
 *   <li>Apollo's {@code {"format":"apollo-persisted-query-manifest","version":1,"operations":[…]}},
 *       written by this client and by {@code @apollo/generate-persisted-query-manifest} (extra
 *       fields such as {@code clientName} are ignored);
 *   <li>an {@code {id: body}} map, as Relay and graphql-codegen write; name and type are taken from
 *       the body.
 * </ul>
 */
public final class ManifestReader {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ManifestReader() {}

  /**
   * Reads the manifest in {@code file}.
   *
   * @throws ManifestFormatException when the file is missing, not JSON, or in no known format
   */
  public static Manifest read(Path file) {
    try {
      return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    } catch (NoSuchFileException e) {
      throw new ManifestFormatException(file.toString(), "no such file", e);
    } catch (IOException e) {
      throw new ManifestFormatException(file.toString(), "cannot read: " + e.getMessage(), e);
    }
  }

  /**
   * Reads manifest JSON; {@code source} names it in error messages.
   *
   * @throws ManifestFormatException when the text is not JSON or in no known format
   */
  private static Manifest parse(String json, String source) {
    JsonNode root = readTree(json, source);
    if (!root.isObject()) {
      throw new ManifestFormatException(
          source, "expected a JSON object, found " + root.getNodeType());
    }
    if (root.has("format")) {
      return readApollo(root, source);
    }
    return readIdMap(root, source);
  }

  private static JsonNode readTree(String json, String source) {
    try {
      return MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new ManifestFormatException(source, "not JSON: " + e.getOriginalMessage(), e);
    }
  }

  private static Manifest readApollo(JsonNode root, String source) {
    String format = root.path("format").asText();
    if (!Manifest.FORMAT.equals(format)) {
      throw new ManifestFormatException(
          source, "unsupported format '" + format + "' (expected '" + Manifest.FORMAT + "')");
    }
    JsonNode version = root.path("version");
    if (!version.isInt() || version.asInt() != Manifest.VERSION) {
      throw new ManifestFormatException(
          source, "unsupported " + Manifest.FORMAT + " version " + version + " (expected 1)");
    }
    JsonNode operations = root.path("operations");
    if (!operations.isArray()) {
      throw new ManifestFormatException(source, "'operations' must be an array");
    }
    List<ManifestOperation> result = new ArrayList<>();
    for (int i = 0; i < operations.size(); i++) {
      result.add(readApolloOperation(operations.get(i), source, i));
    }
    return new Manifest(result);
  }

  private static ManifestOperation readApolloOperation(JsonNode node, String source, int index) {
    String where = "operations[" + index + "]";
    String id = requireText(node, "id", source, where);
    String body = requireText(node, "body", source, where);
    if (node.path("name").isTextual() && node.path("type").isTextual()) {
      return new ManifestOperation(id, node.get("name").asText(), node.get("type").asText(), body);
    }
    OperationSignature signature = OperationSignature.of(id, body);
    String name = node.path("name").isTextual() ? node.get("name").asText() : signature.name();
    String type = node.path("type").isTextual() ? node.get("type").asText() : signature.type();
    return new ManifestOperation(id, name, type, body);
  }

  private static String requireText(JsonNode node, String field, String source, String where) {
    JsonNode value = node.path(field);
    if (!value.isTextual() || value.asText().isBlank()) {
      throw new ManifestFormatException(source, where + " has no '" + field + "' string");
    }
    return value.asText();
  }

  private static Manifest readIdMap(JsonNode root, String source) {
    List<ManifestOperation> result = new ArrayList<>();
    for (Map.Entry<String, JsonNode> entry : root.properties()) {
      if (!entry.getValue().isTextual()) {
        throw new ManifestFormatException(
            source,
            "neither an "
                + Manifest.FORMAT
                + " (no 'format') nor an {id: body} map ('"
                + entry.getKey()
                + "' is not a string)");
      }
      result.add(idMapOperation(entry.getKey(), entry.getValue().asText()));
    }
    return new Manifest(result);
  }

  private static ManifestOperation idMapOperation(String id, String body) {
    OperationSignature signature = OperationSignature.of(id, body);
    return new ManifestOperation(id, signature.name(), signature.type(), body);
  }
}
