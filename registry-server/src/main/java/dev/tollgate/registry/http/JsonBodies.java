package dev.tollgate.registry.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Iterator;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What the small JSON bodies of the admin routes (keys, tokens) share: an object with known members
 * only (duplicate keys refused), an expiry in the future, and values repeated in messages on one
 * short line. Each caller names the refusal its route answers ({@code invalid}).
 */
final class JsonBodies {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  private JsonBodies() {}

  /**
   * The body as a JSON object with no member outside {@code members}; {@code shape} in messages.
   */
  static JsonNode object(
      byte[] body, Set<String> members, String shape, Function<String, RouteException> invalid) {
    JsonNode node;
    try {
      node = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw RouteException.malformedJson(e.getOriginalMessage());
    } catch (IOException e) {
      throw RouteException.malformedJson(String.valueOf(e.getMessage()));
    }
    if (node == null || !node.isObject()) {
      throw invalid.apply("the body must be a JSON object: " + shape);
    }
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!members.contains(name)) {
        throw invalid.apply("unknown member " + printable(name) + " (expected " + shape + ")");
      }
    }
    return node;
  }

  /** An {@code expires} member: ISO-8601 with an offset, after {@code now}. */
  static Instant expiry(JsonNode node, Instant now, Function<String, RouteException> invalid) {
    Instant expires = node.isTextual() ? instant(node.asText()) : null;
    if (expires == null) {
      throw invalid.apply(
          "expires must be an ISO-8601 date and time with an offset, such as 2027-01-31T00:00:00Z: "
              + printable(node));
    }
    if (!expires.isAfter(now)) {
      throw invalid.apply("expires must be in the future: " + expires);
    }
    return expires;
  }

  static @Nullable String text(@Nullable Instant instant) {
    return instant == null ? null : instant.toString();
  }

  /** A value as a one-line message repeats it: at most 60 characters. */
  static String printable(Object value) {
    String text = value.toString().replaceAll("\\p{Cntrl}", "?");
    return text.length() <= 60 ? text : text.substring(0, 60) + "…";
  }

  private static @Nullable Instant instant(String text) {
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeException e) {
      return null;
    }
  }
}
