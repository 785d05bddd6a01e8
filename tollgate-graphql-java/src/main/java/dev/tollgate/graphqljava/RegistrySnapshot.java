package dev.tollgate.graphqljava;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.catalog.IssuedKey;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A registry snapshot ({@code GET /v1/registry/snapshot}, protocol {@value HttpRegistry#PROTOCOL})
 * as {@link HttpRegistry} holds it, with the bytes it was read from (written to the snapshot file).
 *
 * @param etag the registry's {@code ETag}; {@code null} when read from the file
 */
record RegistrySnapshot(
    long changeId,
    String schemaFingerprint,
    Map<DocumentHash, StoredDocument> documents,
    Map<DocumentHash, Set<String>> apps,
    Map<String, Map<String, DocumentHash>> aliases,
    List<IssuedKey> keys,
    byte[] raw,
    @Nullable String etag) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Reads a snapshot; {@code source} names where it came from in the message of a refusal.
   *
   * @throws IllegalStateException when it is not a snapshot (corrupt) or of another protocol
   */
  static RegistrySnapshot read(byte[] raw, @Nullable String etag, String source) {
    JsonNode root;
    try {
      root = JSON.readTree(raw);
    } catch (IOException e) {
      throw corrupt(source, "not JSON: " + firstLine(e.getMessage()));
    }
    if (root == null || !root.isObject()) {
      throw corrupt(source, "not a JSON object");
    }
    JsonNode protocol = root.get("protocol");
    if (protocol == null || !protocol.isInt()) {
      throw corrupt(source, "no protocol number");
    }
    if (protocol.intValue() != HttpRegistry.PROTOCOL) {
      throw new IllegalStateException(
          source
              + " has snapshot protocol "
              + protocol.intValue()
              + "; this tollgate-graphql-java understands protocol "
              + HttpRegistry.PROTOCOL
              + " only: upgrade it, or follow a registry of its version");
    }
    try {
      Map<DocumentHash, StoredDocument> documents = new HashMap<>();
      Map<DocumentHash, Set<String>> apps = new HashMap<>();
      for (JsonNode document : array(root, "documents")) {
        DocumentHash hash = new DocumentHash(text(document, "id"));
        String body = text(document, "body");
        if (!hash.matches(body)) {
          throw new IllegalArgumentException("document " + hash + " is not its body's SHA-256");
        }
        List<StoredOperation> operations = new ArrayList<>();
        for (JsonNode operation : array(document, "operations")) {
          JsonNode name = operation.get("name");
          operations.add(
              new StoredOperation(
                  name == null || name.isNull() ? null : name.asText(),
                  OperationKind.valueOf(text(operation, "kind")),
                  text(operation, "price"),
                  number(operation, "cost"),
                  (int) number(operation, "depth"),
                  (int) number(operation, "aliases"),
                  (int) number(operation, "tokens"),
                  text(operation, "schemaFingerprint")));
        }
        documents.put(
            hash,
            new StoredDocument(hash, body, Instant.parse(text(document, "created")), operations));
        Set<String> holders = new LinkedHashSet<>();
        for (JsonNode app : array(document, "apps")) {
          holders.add(app.asText());
        }
        apps.put(hash, Set.copyOf(holders));
      }
      Map<String, Map<String, DocumentHash>> aliases = new HashMap<>();
      JsonNode aliasNode = field(root, "aliases");
      for (Map.Entry<String, JsonNode> alias : iterable(aliasNode.fields())) {
        Map<String, DocumentHash> targets = new HashMap<>();
        for (Map.Entry<String, JsonNode> target : iterable(alias.getValue().fields())) {
          targets.put(target.getKey(), new DocumentHash(target.getValue().asText()));
        }
        aliases.put(alias.getKey(), Map.copyOf(targets));
      }
      return new RegistrySnapshot(
          number(root, "changeId"),
          text(root, "schemaFingerprint"),
          Map.copyOf(documents),
          Map.copyOf(apps),
          Map.copyOf(aliases),
          keys(root),
          raw.clone(),
          etag);
    } catch (RuntimeException e) {
      throw corrupt(source, firstLine(e.getMessage()));
    }
  }

  /**
   * The API keys issued at runtime, as hashes; none from a registry that serves no {@code keys}
   * (one from before they were added to protocol 1).
   */
  private static List<IssuedKey> keys(JsonNode root) {
    JsonNode keys = root.get("keys");
    if (keys == null || keys.isNull()) {
      return List.of();
    }
    if (!keys.isArray()) {
      throw new IllegalArgumentException("keys is not an array");
    }
    List<IssuedKey> issued = new ArrayList<>();
    for (JsonNode key : keys) {
      issued.add(
          new IssuedKey(
              text(key, "id"),
              text(key, "prefix"),
              text(key, "policy"),
              hash(text(key, "secretHash")),
              instant(key, "expires"),
              key.hasNonNull("previousHash") ? hash(text(key, "previousHash")) : null,
              instant(key, "previousUntil")));
    }
    return List.copyOf(issued);
  }

  private static String hash(String hex) {
    if (!hex.matches("[0-9a-f]{64}")) {
      throw new IllegalArgumentException("a key's hash is not 64 lowercase hex digits");
    }
    return hex;
  }

  private static @Nullable Instant instant(JsonNode node, String name) {
    return node.hasNonNull(name) ? Instant.parse(text(node, name)) : null;
  }

  /** The {@code changeId} of a change feed's answer. */
  static long changeId(byte[] raw) throws IOException {
    JsonNode root = JSON.readTree(raw);
    JsonNode changeId = root == null ? null : root.get("changeId");
    if (changeId == null || !changeId.canConvertToLong()) {
      throw new IOException("the change feed answered without a changeId");
    }
    return changeId.longValue();
  }

  /** The {@code message} of a registry's error body, else the body's start. */
  static String message(byte[] raw) {
    try {
      JsonNode root = JSON.readTree(raw);
      JsonNode message = root == null ? null : root.get("message");
      if (message != null) {
        return message.asText();
      }
    } catch (IOException e) {
      // not JSON: the text below
    }
    String text = new String(raw, StandardCharsets.UTF_8).replaceAll("\\s+", " ").trim();
    return text.length() > 120 ? text.substring(0, 120) + "…" : text;
  }

  private static IllegalStateException corrupt(String source, String detail) {
    return new IllegalStateException(source + " is corrupt: " + detail);
  }

  private static JsonNode field(JsonNode node, String name) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull()) {
      throw new IllegalArgumentException("no " + name);
    }
    return value;
  }

  private static String text(JsonNode node, String name) {
    JsonNode value = field(node, name);
    if (!value.isTextual()) {
      throw new IllegalArgumentException(name + " is not a string");
    }
    return value.textValue();
  }

  private static long number(JsonNode node, String name) {
    JsonNode value = field(node, name);
    if (!value.canConvertToLong() || !value.isIntegralNumber()) {
      throw new IllegalArgumentException(name + " is not a whole number");
    }
    return value.longValue();
  }

  private static Iterable<JsonNode> array(JsonNode node, String name) {
    JsonNode value = field(node, name);
    if (!value.isArray()) {
      throw new IllegalArgumentException(name + " is not an array");
    }
    return value;
  }

  private static <T> Iterable<T> iterable(java.util.Iterator<T> iterator) {
    return () -> iterator;
  }

  private static String firstLine(@Nullable String message) {
    if (message == null) {
      return "unreadable";
    }
    int end = message.indexOf('\n');
    return end < 0 ? message : message.substring(0, end);
  }
}
