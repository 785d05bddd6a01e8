package dev.tollgate.registry.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import dev.tollgate.registry.schema.OperationImpact;
import dev.tollgate.registry.schema.SchemaActivated;
import dev.tollgate.registry.schema.SchemaInput;
import dev.tollgate.registry.schema.SchemaPublication;
import dev.tollgate.registry.store.StoredSchema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The wire form of {@code /v1/schemas}: the publication body (SDL text, or JSON {@code {sdl, model,
 * defaultListSize, fragmentSpreads}}, the settings left out taken from the active schema) and the
 * answers.
 */
final class SchemaBodies {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
  private static final Set<String> KEYS =
      Set.of("sdl", "model", "defaultListSize", "fragmentSpreads");

  private SchemaBodies() {}

  /** A publication body read with {@code defaults} for the settings it leaves out. */
  static SchemaInput input(byte[] body, SchemaInput defaults) {
    String text = new String(body, StandardCharsets.UTF_8);
    if (!text.stripLeading().startsWith("{")) {
      return new SchemaInput(
          text, defaults.model(), defaults.defaultListSize(), defaults.fragmentSpreads());
    }
    JsonNode node;
    try {
      node = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw RouteException.malformedJson(e.getOriginalMessage());
    } catch (java.io.IOException e) {
      throw RouteException.malformedJson(String.valueOf(e.getMessage()));
    }
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!KEYS.contains(name)) {
        throw RouteException.badSchemaBody(
            "unknown key in the schema body: "
                + name
                + " (expected "
                + String.join(", ", KEYS.stream().sorted().toList())
                + ")");
      }
    }
    JsonNode sdl = node.get("sdl");
    if (sdl == null || !sdl.isTextual()) {
      throw RouteException.badSchemaBody("sdl must be a string: the schema's SDL text");
    }
    return new SchemaInput(
        sdl.asText(),
        preset(node.get("model"), defaults.model()),
        listSize(node.get("defaultListSize"), defaults.defaultListSize()),
        spreads(node.get("fragmentSpreads"), node.get("model"), defaults));
  }

  private static CostPreset preset(@Nullable JsonNode node, CostPreset fallback) {
    if (node == null || node.isNull()) {
      return fallback;
    }
    return switch (node.isTextual() ? node.asText() : "") {
      case "book" -> CostPreset.BOOK;
      case "apollo" -> CostPreset.APOLLO;
      default ->
          throw RouteException.badSchemaBody("model must be \"book\" or \"apollo\": " + node);
    };
  }

  private static int listSize(@Nullable JsonNode node, int fallback) {
    if (node == null || node.isNull()) {
      return fallback;
    }
    if (!node.isInt() || node.asInt() < 0) {
      throw RouteException.badSchemaBody("defaultListSize must be a non-negative integer: " + node);
    }
    return node.asInt();
  }

  /** Left out: the model's own default when the body names a model, else the active schema's. */
  private static FragmentSpreads spreads(
      @Nullable JsonNode node, @Nullable JsonNode model, SchemaInput defaults) {
    if (node == null || node.isNull()) {
      if (model == null || model.isNull()) {
        return defaults.fragmentSpreads();
      }
      return preset(model, defaults.model()) == CostPreset.BOOK
          ? FragmentSpreads.FIRST
          : FragmentSpreads.EACH;
    }
    return switch (node.isTextual() ? node.asText() : "") {
      case "first" -> FragmentSpreads.FIRST;
      case "each" -> FragmentSpreads.EACH;
      default ->
          throw RouteException.badSchemaBody(
              "fragmentSpreads must be \"first\" or \"each\": " + node);
    };
  }

  record PublicationBody(
      String fingerprint,
      boolean dryRun,
      boolean stored,
      boolean created,
      boolean active,
      @Nullable String publishedBy,
      @Nullable String publishedAt,
      Map<String, Integer> summary,
      List<ImpactBody> operations) {
    static PublicationBody of(SchemaPublication publication) {
      Map<String, Integer> summary = new LinkedHashMap<>();
      publication
          .report()
          .summary()
          .forEach((status, count) -> summary.put(status.wireName(), count));
      List<ImpactBody> operations = new ArrayList<>();
      for (OperationImpact impact : publication.report().operations()) {
        operations.add(ImpactBody.of(impact));
      }
      return new PublicationBody(
          publication.fingerprint(),
          publication.dryRun(),
          publication.stored(),
          publication.created(),
          publication.active(),
          publication.publishedBy(),
          publication.at() == null ? null : publication.at().toString(),
          summary,
          operations);
    }
  }

  record ImpactBody(
      String app,
      String version,
      String id,
      @Nullable String name,
      String oldPrice,
      @Nullable String newPrice,
      long oldCost,
      @Nullable Long newCost,
      String status,
      List<String> errors) {
    static ImpactBody of(OperationImpact impact) {
      return new ImpactBody(
          impact.app(),
          impact.version(),
          impact.id(),
          impact.name(),
          impact.oldPrice(),
          impact.newPrice(),
          impact.oldCost(),
          impact.newCost(),
          impact.status().wireName(),
          impact.errors());
    }
  }

  record SchemaBody(
      String fingerprint,
      String model,
      int defaultListSize,
      String fragmentSpreads,
      String publishedBy,
      String created,
      boolean active,
      @Nullable String sdl) {
    static SchemaBody of(StoredSchema schema, String active, boolean withSdl) {
      return new SchemaBody(
          schema.fingerprint(),
          schema.model(),
          schema.defaultListSize(),
          schema.fragmentSpreads(),
          schema.publishedBy(),
          schema.created().toString(),
          schema.fingerprint().equals(active),
          withSdl ? schema.sdl() : null);
    }
  }

  record SchemasBody(String active, List<SchemaBody> schemas) {
    static SchemasBody of(List<StoredSchema> schemas, String active) {
      List<SchemaBody> bodies = new ArrayList<>();
      schemas.forEach(schema -> bodies.add(SchemaBody.of(schema, active, false)));
      return new SchemasBody(active, bodies);
    }
  }

  record ActivationBody(
      String fingerprint,
      boolean active,
      boolean changed,
      int repriced,
      List<Map<String, Object>> broken) {
    static ActivationBody of(SchemaActivated activated) {
      return new ActivationBody(
          activated.fingerprint(),
          true,
          activated.changed(),
          activated.repriced(),
          activated.broken());
    }
  }
}
