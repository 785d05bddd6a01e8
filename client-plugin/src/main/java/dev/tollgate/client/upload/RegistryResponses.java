package dev.tollgate.client.upload;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Reads the registry's JSON leniently: unknown fields are ignored, missing numbers are null. */
final class RegistryResponses {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final int PREVIEW = 300;

  private RegistryResponses() {}

  static RegistryReport report(int status, String body) {
    JsonNode root = json(body);
    if (root == null || !root.isObject()) {
      throw new RegistryResponseException(
          status, "the report is not a JSON object: " + preview(body));
    }
    List<ReportedOperation> operations = new ArrayList<>();
    for (JsonNode node : root.path("operations")) {
      operations.add(operation(node));
    }
    return new RegistryReport(
        root.path("app").asText(""),
        root.path("version").asText(""),
        root.path("dryRun").asBoolean(false),
        operations);
  }

  /** The error for a non-2xx answer; {@code redactor} keeps the token out of the message. */
  static RuntimeException error(int status, String body, Redactor redactor) {
    JsonNode root = json(body);
    String code = root == null ? "" : root.path("code").asText("");
    String message =
        redactor.apply(
            root == null || !root.has("message") ? preview(body) : root.path("message").asText());
    List<String> details = root == null ? List.of() : details(root.path("extensions"), redactor);
    return switch (status) {
      case 401 ->
          new RegistryUnauthorizedException(
              "the registry wants a valid token (HTTP 401): " + message);
      case 403 ->
          new RegistryForbiddenException("the registry refused the token (HTTP 403): " + message);
      case 409 ->
          new ManifestConflictException(
              "this app version is already published with a different manifest (HTTP 409): "
                  + message);
      case 400, 404, 413, 422 -> new ManifestRejectedException(status, code, message, details);
      default -> new RegistryResponseException(status, message);
    };
  }

  private static ReportedOperation operation(JsonNode node) {
    return new ReportedOperation(
        node.path("id").asText(""),
        node.path("name").asText(""),
        node.path("type").asText(""),
        node.path("cost").isNumber() ? node.get("cost").asLong() : null,
        node.path("depth").isNumber() ? node.get("depth").asInt() : null,
        node.path("aliases").isNumber() ? node.get("aliases").asInt() : null,
        node.path("status").asText(""),
        messages(node.path("errors")),
        node.path("affordable").isBoolean() ? node.get("affordable").asBoolean() : null,
        limits(node.path("limits")));
  }

  private static Map<String, Long> limits(JsonNode limits) {
    Map<String, Long> byPolicy = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : limits.properties()) {
      if (entry.getValue().isNumber()) {
        byPolicy.put(entry.getKey(), entry.getValue().asLong());
      }
    }
    return byPolicy;
  }

  /** One line per entry of any array in {@code extensions}: "name: message". */
  private static List<String> details(JsonNode extensions, Redactor redactor) {
    List<String> lines = new ArrayList<>();
    for (Map.Entry<String, JsonNode> field : extensions.properties()) {
      if (!field.getValue().isArray()) {
        continue;
      }
      for (JsonNode entry : field.getValue()) {
        lines.add(redactor.apply(describe(entry)));
      }
    }
    return lines;
  }

  private static String describe(JsonNode entry) {
    if (!entry.isObject()) {
      return entry.asText(entry.toString());
    }
    String label = firstText(entry, "name", "operationName", "id");
    List<String> messages =
        entry.has("message")
            ? List.of(entry.get("message").asText())
            : messages(entry.path("errors"));
    String text = messages.isEmpty() ? entry.toString() : String.join("; ", messages);
    return label.isEmpty() ? text : label + ": " + text;
  }

  private static List<String> messages(JsonNode errors) {
    List<String> messages = new ArrayList<>();
    for (JsonNode error : errors) {
      messages.add(
          error.isObject() ? error.path("message").asText(error.toString()) : error.asText());
    }
    return messages;
  }

  private static String firstText(JsonNode node, String... fields) {
    for (String field : fields) {
      if (node.path(field).isTextual()) {
        return node.get(field).asText();
      }
    }
    return "";
  }

  private static @Nullable JsonNode json(String body) {
    try {
      return body.isBlank() ? null : MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  private static String preview(String body) {
    String trimmed = body.strip();
    if (trimmed.isEmpty()) {
      return "(empty body)";
    }
    return trimmed.length() <= PREVIEW ? trimmed : trimmed.substring(0, PREVIEW) + "…";
  }
}
