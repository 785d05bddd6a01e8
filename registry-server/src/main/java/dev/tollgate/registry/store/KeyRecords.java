package dev.tollgate.registry.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The journal's form of a key change ({@code key} kind): the key's whole row, hashes only (the
 * journal, like the tables, never holds a secret). Replaying it writes the row as it was after the
 * change, so replaying any number of a key's records leaves its last state.
 */
final class KeyRecords {

  static final String KIND = "key";

  private KeyRecords() {}

  static void encode(JournalRecord.KeySaved record, ObjectNode node) {
    StoredKey key = record.key();
    node.put("kind", KIND)
        .put("id", key.id())
        .put("prefix", key.prefix())
        .put("hash", key.secretHash())
        .put("policy", key.policy())
        .put("by", key.createdBy())
        .put("created", key.created().toString());
    putIfSet(node, "expires", key.expires());
    if (key.revokedBy() != null) {
      node.put("revokedBy", key.revokedBy());
    }
    putIfSet(node, "revoked", key.revoked());
    putIfSet(node, "lastUsed", key.lastUsed());
    putIfSet(node, "rotated", key.rotated());
    if (key.previousHash() != null) {
      node.put("previousHash", key.previousHash());
    }
    putIfSet(node, "previousUntil", key.previousUntil());
  }

  /** The key record {@code node} holds; null when it is another kind. */
  static JournalRecord.@Nullable KeySaved decode(JsonNode node, Instant at) {
    if (!node.get("kind").asText().equals(KIND)) {
      return null;
    }
    return new JournalRecord.KeySaved(
        new StoredKey(
            node.get("id").asText(),
            node.get("prefix").asText(),
            node.get("hash").asText(),
            node.get("policy").asText(),
            node.get("by").asText(),
            Instant.parse(node.get("created").asText()),
            instant(node, "expires"),
            text(node, "revokedBy"),
            instant(node, "revoked"),
            instant(node, "lastUsed"),
            instant(node, "rotated"),
            text(node, "previousHash"),
            instant(node, "previousUntil")),
        at);
  }

  /** Writes the key's row as the record holds it, and its change. */
  static void apply(KeyDao dao, JournalRecord.KeySaved record) {
    save(dao, record.key());
    dao.insertKeyChange(record.key().id(), record.at());
  }

  static void save(KeyDao dao, StoredKey key) {
    if (dao.updateKey(key) == 0) {
      dao.insertKey(key);
    }
  }

  private static void putIfSet(ObjectNode node, String name, @Nullable Instant value) {
    if (value != null) {
      node.put(name, value.toString());
    }
  }

  private static @Nullable String text(JsonNode node, String name) {
    JsonNode value = node.get(name);
    return value == null || value.isNull() ? null : value.asText();
  }

  private static @Nullable Instant instant(JsonNode node, String name) {
    String value = text(node, name);
    return value == null ? null : Instant.parse(value);
  }
}
