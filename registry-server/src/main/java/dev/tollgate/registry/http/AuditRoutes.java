package dev.tollgate.registry.http;

import dev.tollgate.registry.store.AuditEntry;
import dev.tollgate.registry.store.AuditQuery;
import dev.tollgate.registry.store.AuditTrail;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The audit trail, {@code GET /v1/audit?actor=&action=&since=&until=&limit=&cursor=} (issue 27),
 * with an admin token: it tells who holds which token and what each did, which scopes publish and
 * read do not need. Entries come newest first, {@code limit} a page (default 50, at most 500);
 * {@code nextCursor} fetches the next, older, page. Every parameter is checked: an unknown one, a
 * repeated one or a bad value is a 400 {@code INVALID_PARAMETER} naming it. Recording the entries
 * is {@link AuditRecorder}'s.
 */
public final class AuditRoutes {

  static final int DEFAULT_LIMIT = 50;
  static final int MAX_LIMIT = 500;

  private static final Set<String> PARAMETERS =
      Set.of("actor", "action", "since", "until", "limit", "cursor");

  private final AuditTrail trail;
  private final AdminAuth auth;
  private final AuditRecorder recorder;

  public AuditRoutes(AuditTrail trail, List<AdminToken> tokens) {
    this.trail = trail;
    this.auth = new AdminAuth(tokens);
    this.recorder = new AuditRecorder(trail);
  }

  /** The route, and the recording of every change of the admin API. */
  public void register(JavalinConfig config) {
    recorder.register(config);
    config.routes.get("/v1/audit", this::entries);
  }

  private void entries(Context ctx) {
    auth.require(ctx, AdminToken.Scope.ADMIN);
    AuditQuery query = query(ctx.queryParamMap());
    List<AuditEntry> found =
        trail.entries(
            new AuditQuery(
                query.actor(),
                query.action(),
                query.since(),
                query.until(),
                query.before(),
                query.limit() + 1));
    List<Map<String, @Nullable Object>> entries = new ArrayList<>();
    for (AuditEntry entry : found.subList(0, Math.min(found.size(), query.limit()))) {
      entries.add(body(entry));
    }
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    body.put("entries", entries);
    body.put(
        "nextCursor",
        found.size() > query.limit() ? String.valueOf(found.get(query.limit() - 1).id()) : null);
    ctx.json(body);
  }

  /** The query the parameters ask for; every parameter is checked. */
  static AuditQuery query(Map<String, List<String>> parameters) {
    for (Map.Entry<String, List<String>> parameter : parameters.entrySet()) {
      if (!PARAMETERS.contains(parameter.getKey())) {
        throw RouteException.invalidParameter(
            printable(parameter.getKey()),
            "unknown query parameter "
                + printable(parameter.getKey())
                + " (expected actor, action, since, until, limit or cursor)");
      }
      if (parameter.getValue().size() > 1) {
        throw RouteException.invalidParameter(
            parameter.getKey(), "query parameter " + parameter.getKey() + " is given twice");
      }
    }
    Instant since = instant(parameters, "since");
    Instant until = instant(parameters, "until");
    if (since != null && until != null && !since.isBefore(until)) {
      throw RouteException.invalidParameter(
          "until", "query parameter until must be after since: " + until + " <= " + since);
    }
    return new AuditQuery(
        name(parameters, "actor", 200),
        name(parameters, "action", 100),
        since,
        until,
        cursor(parameters),
        limit(parameters));
  }

  private static @Nullable String one(Map<String, List<String>> parameters, String name) {
    List<String> values = parameters.get(name);
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  private static @Nullable String name(
      Map<String, List<String>> parameters, String name, int maxLength) {
    String value = one(parameters, name);
    if (value == null) {
      return null;
    }
    if (value.isEmpty() || value.length() > maxLength) {
      throw RouteException.invalidParameter(
          name, "query parameter " + name + " must be 1 to " + maxLength + " characters");
    }
    return value;
  }

  private static @Nullable Instant instant(Map<String, List<String>> parameters, String name) {
    String value = one(parameters, name);
    if (value == null) {
      return null;
    }
    try {
      return OffsetDateTime.parse(value).toInstant();
    } catch (DateTimeException e) {
      throw RouteException.invalidParameter(
          name,
          "query parameter "
              + name
              + " must be an ISO-8601 date and time with an offset, such as"
              + " 2026-12-01T00:00:00Z: "
              + printable(value));
    }
  }

  private static int limit(Map<String, List<String>> parameters) {
    String value = one(parameters, "limit");
    if (value == null) {
      return DEFAULT_LIMIT;
    }
    long limit = digits(value);
    if (limit < 1 || limit > MAX_LIMIT) {
      throw RouteException.invalidParameter(
          "limit",
          "query parameter limit must be a whole number from 1 to "
              + MAX_LIMIT
              + ": "
              + printable(value));
    }
    return (int) limit;
  }

  private static long cursor(Map<String, List<String>> parameters) {
    String value = one(parameters, "cursor");
    if (value == null) {
      return Long.MAX_VALUE;
    }
    long cursor = digits(value);
    if (cursor < 1) {
      throw RouteException.invalidParameter(
          "cursor",
          "query parameter cursor must be the nextCursor of a previous page: " + printable(value));
    }
    return cursor;
  }

  /** The number {@code value} spells in 1 to 18 digits; -1 when it is not one. */
  private static long digits(String value) {
    if (value.isEmpty()
        || value.length() > 18
        || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return -1;
    }
    return Long.parseLong(value);
  }

  private static Map<String, @Nullable Object> body(AuditEntry entry) {
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    body.put("id", entry.id());
    body.put("actor", entry.actor());
    body.put("action", entry.action());
    body.put("target", entry.target());
    body.put("at", entry.at().toString());
    body.put("outcome", entry.outcome());
    body.put("reason", entry.reason());
    return body;
  }

  private static String printable(String value) {
    return JsonBodies.printable(value);
  }
}
