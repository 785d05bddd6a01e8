package dev.tollgate.registry.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The journal's form of an audit entry ({@code audit} kind). It is no change of the change log: the
 * journal holds one record per change plus one per entry, in commit order, an entry written with
 * its change right after it.
 */
final class AuditRecords {

  static final String KIND = "audit";

  private AuditRecords() {}

  static void encode(JournalRecord.AuditRecorded record, ObjectNode node) {
    AuditEntry entry = record.entry();
    node.put("kind", KIND)
        .put("actor", entry.actor())
        .put("action", entry.action())
        .put("target", entry.target())
        .put("outcome", entry.outcome())
        .put("change", entry.changeId());
    if (entry.reason() != null) {
      node.put("reason", entry.reason());
    }
  }

  /** The audit record {@code node} holds; null when it is another kind. */
  static JournalRecord.@Nullable AuditRecorded decode(JsonNode node, Instant at) {
    if (!node.get("kind").asText().equals(KIND)) {
      return null;
    }
    JsonNode reason = node.get("reason");
    return new JournalRecord.AuditRecorded(
        new AuditEntry(
            0,
            node.get("actor").asText(),
            node.get("action").asText(),
            node.get("target").asText(),
            at,
            node.get("outcome").asText(),
            reason == null || reason.isNull() ? null : reason.asText(),
            node.get("change").asLong()));
  }
}
