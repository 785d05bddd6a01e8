package dev.tollgate.registry.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tollgate.registry.document.DocumentHash;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The journal's form of the schema records ({@code schema} and {@code activate} kinds). */
final class SchemaRecords {

  private SchemaRecords() {}

  static void encode(JournalRecord record, ObjectNode node) {
    if (record instanceof JournalRecord.SchemaPublished published) {
      StoredSchema schema = published.schema();
      node.put("kind", SchemaTransactions.PUBLISH_KIND)
          .put("fingerprint", schema.fingerprint())
          .put("sdl", schema.sdl())
          .put("model", schema.model())
          .put("defaultListSize", schema.defaultListSize())
          .put("fragmentSpreads", schema.fragmentSpreads())
          .put("by", schema.publishedBy());
      encode(published.prices(), node.putArray("prices"));
    } else if (record instanceof JournalRecord.SchemaActivated activated) {
      SchemaActivation activation = activated.activation();
      node.put("kind", SchemaTransactions.ACTIVATE_KIND)
          .put("fingerprint", activation.fingerprint())
          .put("by", activation.activatedBy())
          .put("forced", activation.forced());
      encode(activated.prices(), node.putArray("prices"));
    }
  }

  /** The schema record {@code node} holds; null when it is another kind. */
  static @Nullable JournalRecord decode(JsonNode node, Instant at) {
    String kind = node.get("kind").asText();
    String fingerprint = node.path("fingerprint").asText();
    if (kind.equals(SchemaTransactions.PUBLISH_KIND)) {
      return new JournalRecord.SchemaPublished(
          new StoredSchema(
              fingerprint,
              node.get("sdl").asText(),
              node.get("model").asText(),
              node.get("defaultListSize").asInt(),
              node.get("fragmentSpreads").asText(),
              node.get("by").asText(),
              at),
          prices(fingerprint, node.get("prices")));
    }
    if (kind.equals(SchemaTransactions.ACTIVATE_KIND)) {
      return new JournalRecord.SchemaActivated(
          new SchemaActivation(
              fingerprint, node.get("by").asText(), node.get("forced").asBoolean(), at),
          prices(fingerprint, node.get("prices")));
    }
    return null;
  }

  private static void encode(List<SchemaPrice> prices, ArrayNode array) {
    for (SchemaPrice price : prices) {
      array
          .addObject()
          .put("id", price.documentId().hex())
          .put("ordinal", price.ordinal())
          .put("valid", price.valid())
          .put("price", price.price())
          .put("cost", price.cost())
          .put("depth", price.depth());
    }
  }

  private static List<SchemaPrice> prices(String fingerprint, JsonNode array) {
    List<SchemaPrice> prices = new ArrayList<>();
    for (JsonNode price : array) {
      prices.add(
          new SchemaPrice(
              fingerprint,
              DocumentHash.parse(price.get("id").asText()),
              price.get("ordinal").asInt(),
              price.get("valid").asBoolean(),
              price.get("price").asText(),
              price.get("cost").asLong(),
              price.get("depth").asInt()));
    }
    return prices;
  }
}
