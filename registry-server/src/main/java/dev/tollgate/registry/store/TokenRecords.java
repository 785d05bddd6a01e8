package dev.tollgate.registry.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The journal's form of a token change ({@code token} kind): the token's whole row, its hash only
 * (the journal, like the table, never holds a secret). Replaying it writes the row as it was after
 * the change.
 */
final class TokenRecords {

  static final String KIND = "token";

  private TokenRecords() {}

  static void encode(JournalRecord.TokenSaved record, ObjectNode node) {
    StoredToken token = record.token();
    node.put("kind", KIND)
        .put("id", token.id())
        .put("prefix", token.prefix())
        .put("name", token.name())
        .put("scope", token.scope())
        .put("hash", token.secretHash())
        .put("by", token.createdBy())
        .put("created", token.created().toString());
    if (token.expires() != null) {
      node.put("expires", token.expires().toString());
    }
    if (token.revokedBy() != null) {
      node.put("revokedBy", token.revokedBy());
    }
    if (token.revoked() != null) {
      node.put("revoked", token.revoked().toString());
    }
  }

  /** The token record {@code node} holds; null when it is another kind. */
  static JournalRecord.@Nullable TokenSaved decode(JsonNode node, Instant at) {
    if (!node.get("kind").asText().equals(KIND)) {
      return null;
    }
    return new JournalRecord.TokenSaved(
        new StoredToken(
            node.get("id").asText(),
            node.get("prefix").asText(),
            node.get("name").asText(),
            node.get("scope").asText(),
            node.get("hash").asText(),
            node.get("by").asText(),
            Instant.parse(node.get("created").asText()),
            instant(node, "expires"),
            text(node, "revokedBy"),
            instant(node, "revoked")),
        at);
  }

  /** Writes the token's row as the record holds it, and its change. */
  static void apply(TokenDao dao, JournalRecord.TokenSaved record) {
    if (dao.updateToken(record.token()) == 0) {
      dao.insertToken(record.token());
    }
    dao.insertTokenChange(record.token().id(), record.at());
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
