package dev.tollgate.registry.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One change of the embedded store as its journal keeps it, encoded as compact JSON. A publication
 * carries the store-level {@link Publication} (documents with their operations as priced, price
 * text included), so the tables are rebuilt without pricing anything again: the prices stay those
 * that were acknowledged, whatever the schema or the cost model is at the next start. Each {@code
 * kind} is one row of the {@code changes} table; a later kind adds a case here. A publication's
 * custom document ids are its {@code aliases} object, absent when it has none (and in records
 * written before them).
 */
sealed interface JournalRecord {

  ObjectMapper JSON = new ObjectMapper();

  /** When the change was made: the timestamps its rows carry. */
  Instant at();

  /** A publication stored at {@code at}. */
  record Published(Publication publication, Instant at) implements JournalRecord {}

  /** A version retired at {@code at}. */
  record Retired(String app, String version, String retiredBy, Instant at)
      implements JournalRecord {}

  /** A schema stored with the prices computed for it (issue 13). */
  record SchemaPublished(StoredSchema schema, List<SchemaPrice> prices) implements JournalRecord {
    public SchemaPublished {
      prices = List.copyOf(prices);
    }

    @Override
    public Instant at() {
      return schema.created();
    }
  }

  /** A schema activated, with the prices the activation computed. */
  record SchemaActivated(SchemaActivation activation, List<SchemaPrice> prices)
      implements JournalRecord {
    public SchemaActivated {
      prices = List.copyOf(prices);
    }

    @Override
    public Instant at() {
      return activation.at();
    }
  }

  /** An API key's row as a change left it (issue 27): hashes only, never a secret. */
  record KeySaved(StoredKey key, Instant at) implements JournalRecord {}

  /** An admin token's row as a change left it (issue 27): its hash only, never the secret. */
  record TokenSaved(StoredToken token, Instant at) implements JournalRecord {}

  /**
   * An entry of the audit trail (issue 27). Not a change of the change log: it follows its change's
   * record, or stands alone for a refused attempt.
   */
  record AuditRecorded(AuditEntry entry) implements JournalRecord {
    @Override
    public Instant at() {
      return entry.at();
    }
  }

  default byte[] encode() {
    ObjectNode node = JSON.createObjectNode();
    node.put("at", at().toString());
    if (this instanceof SchemaPublished || this instanceof SchemaActivated) {
      SchemaRecords.encode(this, node);
    } else if (this instanceof KeySaved key) {
      KeyRecords.encode(key, node);
    } else if (this instanceof TokenSaved token) {
      TokenRecords.encode(token, node);
    } else if (this instanceof AuditRecorded audit) {
      AuditRecords.encode(audit, node);
    } else if (this instanceof Retired retired) {
      node.put("kind", "retire")
          .put("app", retired.app())
          .put("version", retired.version())
          .put("by", retired.retiredBy());
    } else if (this instanceof Published published) {
      Publication publication = published.publication();
      node.put("kind", "publish")
          .put("app", publication.app())
          .put("version", publication.version())
          .put("by", publication.publishedBy())
          .put("fingerprint", publication.manifestFingerprint());
      if (publication.replaceable()) {
        node.put("replaceable", true);
      }
      ArrayNode documents = node.putArray("documents");
      for (NewDocument document : publication.documents()) {
        ObjectNode entry = documents.addObject();
        entry.put("id", document.hash().hex()).put("body", document.body());
        ArrayNode operations = entry.putArray("operations");
        document.operations().forEach(operation -> encode(operation, operations.addObject()));
      }
      if (!publication.aliases().isEmpty()) {
        ObjectNode aliases = node.putObject("aliases");
        publication.aliases().forEach((alias, hash) -> aliases.put(alias, hash.hex()));
      }
    }
    try {
      return JSON.writeValueAsBytes(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode a journal record", e);
    }
  }

  static JournalRecord decode(byte[] payload) {
    JsonNode node;
    try {
      node = JSON.readTree(payload);
    } catch (IOException e) {
      throw new UncheckedIOException("a journal record is not JSON", e);
    }
    Instant at = Instant.parse(node.get("at").asText());
    JournalRecord schema = SchemaRecords.decode(node, at);
    if (schema != null) {
      return schema;
    }
    JournalRecord key = KeyRecords.decode(node, at);
    if (key != null) {
      return key;
    }
    JournalRecord token = TokenRecords.decode(node, at);
    if (token != null) {
      return token;
    }
    JournalRecord audit = AuditRecords.decode(node, at);
    if (audit != null) {
      return audit;
    }
    String app = node.get("app").asText();
    String version = node.get("version").asText();
    String by = node.get("by").asText();
    return switch (node.get("kind").asText()) {
      case "retire" -> new Retired(app, version, by, at);
      case "publish" ->
          new Published(
              new Publication(
                  app,
                  version,
                  node.get("fingerprint").asText(),
                  by,
                  documents(node),
                  aliases(node),
                  node.path("replaceable").asBoolean(false)),
              at);
      default ->
          throw new IllegalStateException(
              "unknown journal record kind (written by a newer Tollgate?): " + node.get("kind"));
    };
  }

  private static void encode(StoredOperation operation, ObjectNode node) {
    node.put("name", operation.name())
        .put("kind", operation.kind().name())
        .put("price", operation.price())
        .put("cost", operation.cost())
        .put("depth", operation.depth())
        .put("aliases", operation.aliases())
        .put("tokens", operation.tokens())
        .put("schema", operation.schemaFingerprint());
  }

  /** A publication's custom document ids; absent in records written before them. */
  private static Map<String, DocumentHash> aliases(JsonNode node) {
    Map<String, DocumentHash> aliases = new LinkedHashMap<>();
    JsonNode stored = node.get("aliases");
    if (stored != null) {
      stored
          .fields()
          .forEachRemaining(
              alias -> aliases.put(alias.getKey(), DocumentHash.parse(alias.getValue().asText())));
    }
    return aliases;
  }

  private static List<NewDocument> documents(JsonNode node) {
    List<NewDocument> documents = new ArrayList<>();
    for (JsonNode document : node.get("documents")) {
      List<StoredOperation> operations = new ArrayList<>();
      for (JsonNode operation : document.get("operations")) {
        JsonNode name = operation.get("name");
        operations.add(
            new StoredOperation(
                name == null || name.isNull() ? null : name.asText(),
                OperationKind.valueOf(operation.get("kind").asText()),
                operation.get("price").asText(),
                operation.get("cost").asLong(),
                operation.get("depth").asInt(),
                operation.get("aliases").asInt(),
                operation.get("tokens").asInt(),
                operation.get("schema").asText()));
      }
      documents.add(
          new NewDocument(
              DocumentHash.parse(document.get("id").asText()),
              document.get("body").asText(),
              operations));
    }
    return documents;
  }
}
