package dev.tollgate.registry.measure;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.measure.MeasurementBatch.Bucket;
import dev.tollgate.registry.measure.MeasurementBatch.Maximum;
import dev.tollgate.registry.measure.MeasurementBatch.Usage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The one mapping of a {@link MeasurementBatch} to JSON and back ({@code POST
 * /v1/registry/measurements}):
 *
 * <pre>{@code
 * {"buckets": [{"kind", "subject", "measure", "bucket", "count"}],
 *  "maxima":  [{"kind", "subject", "measure", "max"}],
 *  "usage":   [{"documentId", "operation", "requests", "lastSeen"}]}
 * }</pre>
 *
 * Reading is strict: every field present and of its type, no other field, kinds and measures as
 * {@link MeasurementBatch#MEASURES}, counts at least 1, buckets within {@link SizeBuckets}, a
 * SHA-256 document id, an ISO-8601 {@code lastSeen}.
 */
public final class MeasurementJson {

  /** The longest subject or operation name read: coordinates and names are far shorter. */
  static final int MAX_TEXT = 600;

  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private static final Set<String> BATCH = Set.of("buckets", "maxima", "usage");
  private static final Set<String> BUCKET = Set.of("kind", "subject", "measure", "bucket", "count");
  private static final Set<String> MAXIMUM = Set.of("kind", "subject", "measure", "max");
  private static final Set<String> USAGE =
      Set.of("documentId", "operation", "requests", "lastSeen");

  private MeasurementJson() {}

  public static byte[] write(MeasurementBatch batch) {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode buckets = root.putArray("buckets");
    for (Bucket b : batch.buckets()) {
      buckets
          .addObject()
          .put("kind", b.kind())
          .put("subject", b.subject())
          .put("measure", b.measure())
          .put("bucket", b.bucket())
          .put("count", b.count());
    }
    ArrayNode maxima = root.putArray("maxima");
    for (Maximum m : batch.maxima()) {
      maxima
          .addObject()
          .put("kind", m.kind())
          .put("subject", m.subject())
          .put("measure", m.measure())
          .put("max", m.maxValue());
    }
    ArrayNode usage = root.putArray("usage");
    for (Usage u : batch.usage()) {
      usage
          .addObject()
          .put("documentId", u.documentId())
          .put("operation", u.operation())
          .put("requests", u.requests())
          .put("lastSeen", u.lastSeen().toString());
    }
    try {
      return JSON.writeValueAsBytes(root);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * @throws InvalidMeasurementsException naming what is wrong
   */
  public static MeasurementBatch read(byte[] body) {
    JsonNode root;
    try {
      root = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      String message = String.valueOf(e.getOriginalMessage());
      throw InvalidMeasurementsException.notJson(message.lines().findFirst().orElse(message));
    } catch (IOException e) {
      String message = String.valueOf(e.getMessage());
      throw InvalidMeasurementsException.notJson(message.lines().findFirst().orElse(message));
    }
    if (root == null || !root.isObject()) {
      throw InvalidMeasurementsException.badField("the body must be a JSON object");
    }
    onlyFields(root, BATCH, "the body");
    List<Bucket> buckets = new ArrayList<>();
    int i = 0;
    for (JsonNode node : array(root, "buckets")) {
      String at = "buckets[" + i++ + "]";
      onlyFields(node, BUCKET, at);
      String kind = kind(node, at);
      int bucket = (int) whole(node, "bucket", at, 0, SizeBuckets.LAST);
      buckets.add(
          new Bucket(
              kind,
              text(node, "subject", at),
              measure(node, kind, at),
              bucket,
              whole(node, "count", at, 1, Long.MAX_VALUE)));
    }
    List<Maximum> maxima = new ArrayList<>();
    i = 0;
    for (JsonNode node : array(root, "maxima")) {
      String at = "maxima[" + i++ + "]";
      onlyFields(node, MAXIMUM, at);
      String kind = kind(node, at);
      maxima.add(
          new Maximum(
              kind,
              text(node, "subject", at),
              measure(node, kind, at),
              whole(node, "max", at, 0, Long.MAX_VALUE)));
    }
    List<Usage> usage = new ArrayList<>();
    i = 0;
    for (JsonNode node : array(root, "usage")) {
      String at = "usage[" + i++ + "]";
      onlyFields(node, USAGE, at);
      usage.add(
          new Usage(
              documentId(node, at),
              operation(node, at),
              whole(node, "requests", at, 1, Long.MAX_VALUE),
              instant(node, "lastSeen", at)));
    }
    return new MeasurementBatch(buckets, maxima, usage);
  }

  private static void onlyFields(JsonNode node, Set<String> fields, String at) {
    if (!node.isObject()) {
      throw InvalidMeasurementsException.badField(at + " must be an object");
    }
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!fields.contains(name)) {
        throw InvalidMeasurementsException.badField(
            at + " has an unknown field " + printable(name) + "; known: " + sorted(fields));
      }
    }
  }

  private static JsonNode array(JsonNode root, String name) {
    JsonNode value = root.get(name);
    if (value == null || !value.isArray()) {
      throw InvalidMeasurementsException.badField(name + " must be an array");
    }
    return value;
  }

  private static String kind(JsonNode node, String at) {
    String kind = text(node, "kind", at);
    if (!MeasurementBatch.MEASURES.containsKey(kind)) {
      throw InvalidMeasurementsException.badField(
          at + ".kind must be field or operation, got " + printable(kind));
    }
    return kind;
  }

  private static String measure(JsonNode node, String kind, String at) {
    String measure = text(node, "measure", at);
    List<String> known = MeasurementBatch.MEASURES.get(kind);
    if (known == null || !known.contains(measure)) {
      throw InvalidMeasurementsException.badField(
          at
              + ".measure of kind "
              + kind
              + " must be one of "
              + known
              + ", got "
              + printable(measure));
    }
    return measure;
  }

  private static String documentId(JsonNode node, String at) {
    String id = text(node, "documentId", at);
    try {
      return new DocumentHash(id).hex();
    } catch (RuntimeException e) {
      throw InvalidMeasurementsException.badField(
          at + ".documentId must be 64 lowercase hex digits, got " + printable(id));
    }
  }

  private static String operation(JsonNode node, String at) {
    JsonNode value = node.get("operation");
    if (value == null || !value.isTextual() || value.textValue().length() > MAX_TEXT) {
      throw InvalidMeasurementsException.badField(
          at + ".operation must be a string of at most " + MAX_TEXT + " characters");
    }
    return value.textValue();
  }

  private static String text(JsonNode node, String name, String at) {
    JsonNode value = node.get(name);
    if (value == null || !value.isTextual() || value.textValue().isEmpty()) {
      throw InvalidMeasurementsException.badField(at + "." + name + " must be a non-empty string");
    }
    if (value.textValue().length() > MAX_TEXT) {
      throw InvalidMeasurementsException.badField(
          at + "." + name + " is longer than " + MAX_TEXT + " characters");
    }
    return value.textValue();
  }

  private static long whole(JsonNode node, String name, String at, long min, long max) {
    JsonNode value = node.get(name);
    if (value == null || !value.isIntegralNumber() || !value.canConvertToLong()) {
      throw InvalidMeasurementsException.badField(at + "." + name + " must be a whole number");
    }
    long number = value.longValue();
    if (number < min || number > max) {
      throw InvalidMeasurementsException.badField(
          at + "." + name + " must be between " + min + " and " + max + ", got " + number);
    }
    return number;
  }

  private static Instant instant(JsonNode node, String name, String at) {
    String text = text(node, name, at);
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw InvalidMeasurementsException.badField(
          at + "." + name + " must be an ISO-8601 instant, got " + printable(text));
    }
  }

  private static String sorted(Set<String> names) {
    return String.join(", ", new java.util.TreeSet<>(names));
  }

  private static String printable(String text) {
    String cut = text.length() > 60 ? text.substring(0, 60) + "…" : text;
    return "\"" + cut.replaceAll("[^\\x20-\\x7e]", "?") + "\"";
  }
}
