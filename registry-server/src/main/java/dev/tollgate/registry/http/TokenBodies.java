package dev.tollgate.registry.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.store.StoredToken;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The bodies of the token routes: {@code POST /v1/tokens} {@code {"name", "scope", "expires"?}},
 * and the answers. An answer holds a secret only when the token is issued; a listed token never has
 * one, nor its hash.
 */
final class TokenBodies {

  private static final String SHAPE =
      "{\"name\": NAME, \"scope\": \"admin\"|\"publish\"|\"read\", \"expires\"?: ISO-8601}";

  /** A name: 1 to 100 letters, digits, spaces and {@code . _ - @}. */
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9 ._@-]{1,100}");

  private TokenBodies() {}

  /** What {@code POST /v1/tokens} asks for. */
  record NewToken(String name, AdminToken.Scope scope, @Nullable Instant expires) {}

  static NewToken newToken(byte[] body, Instant now) {
    JsonNode node = object(body);
    JsonNode name = node.get("name");
    if (name == null || !name.isTextual() || !NAME.matcher(name.asText()).matches()) {
      throw RouteException.invalidTokenRequest(
          "name must be 1 to 100 letters, digits, spaces and . _ - @: "
              + (name == null ? "missing" : printable(name.toString())));
    }
    JsonNode scope = node.get("scope");
    AdminToken.Scope parsed = scope == null || !scope.isTextual() ? null : scope(scope.asText());
    if (parsed == null) {
      throw RouteException.invalidTokenRequest(
          "scope must be admin, publish or read: "
              + (scope == null ? "missing" : printable(scope.toString())));
    }
    JsonNode expires = node.get("expires");
    return new NewToken(
        name.asText(), parsed, expires == null || expires.isNull() ? null : expiry(expires, now));
  }

  /** The scope a stored token names. */
  static AdminToken.@Nullable Scope scope(String text) {
    return switch (text) {
      case "admin" -> AdminToken.Scope.ADMIN;
      case "publish" -> AdminToken.Scope.PUBLISH;
      case "read" -> AdminToken.Scope.READ;
      default -> null;
    };
  }

  static String scopeName(AdminToken.Scope scope) {
    return scope.name().toLowerCase(Locale.ROOT);
  }

  /** A token as lists show it: never a secret, nor a hash. */
  static Map<String, @Nullable Object> listed(StoredToken token, Instant now) {
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    body.put("id", token.id());
    body.put("prefix", token.prefix());
    body.put("name", token.name());
    body.put("scope", token.scope());
    body.put("status", token.status(now));
    body.put("created", token.created().toString());
    body.put("createdBy", token.createdBy());
    body.put("expires", text(token.expires()));
    body.put("revoked", text(token.revoked()));
    body.put("revokedBy", token.revokedBy());
    return body;
  }

  static Map<String, Object> list(List<StoredToken> tokens, Instant now) {
    return Map.of("tokens", tokens.stream().map(token -> listed(token, now)).toList());
  }

  /** The answer of an issue: the only place a token's secret is ever shown. */
  static Map<String, @Nullable Object> issued(StoredToken token, String secret) {
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    body.put("id", token.id());
    body.put("prefix", token.prefix());
    body.put("name", token.name());
    body.put("scope", token.scope());
    body.put("secret", secret);
    body.put("expires", text(token.expires()));
    return body;
  }

  private static JsonNode object(byte[] body) {
    return JsonBodies.object(
        body, Set.of("name", "scope", "expires"), SHAPE, RouteException::invalidTokenRequest);
  }

  private static Instant expiry(JsonNode node, Instant now) {
    return JsonBodies.expiry(node, now, RouteException::invalidTokenRequest);
  }

  private static @Nullable String text(@Nullable Instant instant) {
    return JsonBodies.text(instant);
  }

  private static String printable(String value) {
    return JsonBodies.printable(value);
  }
}
