package dev.tollgate.registry.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.store.StoredKey;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The bodies of the key routes: {@code POST /v1/keys} {@code {"policy", "expires"?}}, {@code POST
 * /v1/keys/{id}/rotate} {@code {"overlapSeconds"?}} (or no body), and the answers. An answer holds
 * a secret only when it is issued; a listed key never has one, nor its hash.
 */
final class KeyBodies {

  /** The longest overlap a rotation may give the previous secret: 30 days. */
  static final long MAX_OVERLAP_SECONDS = 30L * 24 * 3600;

  /** The overlap of a rotation that does not say: one hour. */
  static final long DEFAULT_OVERLAP_SECONDS = 3600;

  private KeyBodies() {}

  /** What {@code POST /v1/keys} asks for. */
  record NewKey(String policy, @Nullable Instant expires) {}

  static NewKey newKey(byte[] body, Instant now) {
    JsonNode node =
        object(body, Set.of("policy", "expires"), "{\"policy\": NAME, \"expires\"?: ISO-8601}");
    JsonNode policy = node.get("policy");
    if (policy == null || !policy.isTextual() || policy.asText().isEmpty()) {
      throw RouteException.invalidKeyRequest(
          "policy must be the name of a policy of the config file");
    }
    JsonNode expires = node.get("expires");
    return new NewKey(
        policy.asText(), expires == null || expires.isNull() ? null : expiry(expires, now));
  }

  /** The overlap a rotation asks for; the default for an empty body. */
  static Duration overlap(byte[] body) {
    if (new String(body, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
      return Duration.ofSeconds(DEFAULT_OVERLAP_SECONDS);
    }
    JsonNode node = object(body, Set.of("overlapSeconds"), "{\"overlapSeconds\"?: N}");
    JsonNode seconds = node.get("overlapSeconds");
    if (seconds == null || seconds.isNull()) {
      return Duration.ofSeconds(DEFAULT_OVERLAP_SECONDS);
    }
    if (!seconds.canConvertToExactIntegral()
        || seconds.asLong(-1) < 0
        || seconds.asLong() > MAX_OVERLAP_SECONDS) {
      throw RouteException.invalidKeyRequest(
          "overlapSeconds must be a whole number from 0 to "
              + MAX_OVERLAP_SECONDS
              + " (30 days): "
              + printable(seconds));
    }
    return Duration.ofSeconds(seconds.asLong());
  }

  /** A key as lists show it: never a secret, nor a hash. */
  static Map<String, @Nullable Object> listed(StoredKey key, Instant now) {
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    body.put("id", key.id());
    body.put("prefix", key.prefix());
    body.put("policy", key.policy());
    body.put("status", key.status(now).name().toLowerCase(Locale.ROOT));
    body.put("created", key.created().toString());
    body.put("createdBy", key.createdBy());
    body.put("expires", text(key.expires()));
    body.put("lastUsed", text(key.lastUsed()));
    body.put("rotated", text(key.rotated()));
    Instant overlap = key.previousUntil();
    body.put(
        "previousValidUntil", overlap != null && overlap.isAfter(now) ? overlap.toString() : null);
    body.put("revoked", text(key.revoked()));
    body.put("revokedBy", key.revokedBy());
    return body;
  }

  static Map<String, Object> list(List<StoredKey> keys, Instant now) {
    return Map.of("keys", keys.stream().map(key -> listed(key, now)).toList());
  }

  /** The answer of an issue or a rotation: the only place a secret is ever shown. */
  static Map<String, @Nullable Object> issued(StoredKey key, String secret) {
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    body.put("id", key.id());
    body.put("prefix", key.prefix());
    body.put("policy", key.policy());
    body.put("secret", secret);
    body.put("expires", text(key.expires()));
    if (key.rotated() != null) {
      body.put("previousValidUntil", text(key.previousUntil()));
    }
    return body;
  }

  private static JsonNode object(byte[] body, Set<String> members, String shape) {
    return JsonBodies.object(body, members, shape, RouteException::invalidKeyRequest);
  }

  private static Instant expiry(JsonNode node, Instant now) {
    return JsonBodies.expiry(node, now, RouteException::invalidKeyRequest);
  }

  private static @Nullable String text(@Nullable Instant instant) {
    return JsonBodies.text(instant);
  }

  private static String printable(Object value) {
    return JsonBodies.printable(value);
  }
}
