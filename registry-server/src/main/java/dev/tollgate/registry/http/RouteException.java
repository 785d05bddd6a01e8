package dev.tollgate.registry.http;

import dev.tollgate.registry.calibration.VersionInUse;
import dev.tollgate.registry.document.DocumentIds;
import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import java.util.Map;

/** Refusals decided by the routes themselves: credentials, sizes, query parameters and misses. */
final class RouteException extends TollgateException {

  private RouteException(ErrorCode code, String message, Map<String, Object> extensions) {
    super(code, message, extensions);
  }

  static RouteException unauthenticated() {
    return new RouteException(
        ErrorCode.UNAUTHENTICATED,
        "this route needs an Authorization: Bearer <token> header",
        Map.of());
  }

  static RouteException forbidden(String message) {
    return new RouteException(ErrorCode.FORBIDDEN, message, Map.of());
  }

  /** Headers wrong in themselves, such as a credential sent twice ({@link RepeatedCredentials}). */
  static RouteException badHeaders(String message) {
    return new RouteException(ErrorCode.BAD_REQUEST, message, Map.of());
  }

  static RouteException tooLarge(long maxBytes) {
    return new RouteException(
        ErrorCode.PAYLOAD_TOO_LARGE,
        "request body is larger than " + maxBytes + " bytes",
        Map.of("maxBytes", maxBytes));
  }

  static RouteException unreadableBody() {
    return new RouteException(
        ErrorCode.BAD_REQUEST,
        "cannot read the request body: broken framing or a body shorter than its Content-Length",
        Map.of());
  }

  static RouteException badParameter(String name, String value) {
    return new RouteException(
        ErrorCode.INVALID_PARAMETER,
        "query parameter " + name + " must be true or false: " + value,
        Map.of("parameter", name));
  }

  static RouteException documentNotFound(String id) {
    return new RouteException(
        ErrorCode.DOCUMENT_NOT_FOUND, "no document with id " + id, Map.of("id", id));
  }

  /** A custom document id names a document only within an app. */
  static RouteException customIdWithoutApp(String id) {
    return new RouteException(
        ErrorCode.INVALID_DOCUMENT_ID,
        "document id must be 64 hex digits or sha256:<64 hex digits>, or a custom id with ?app=<app>"
            + " (custom ids name a document within an app), got: "
            + DocumentIds.printable(id),
        Map.of("id", DocumentIds.printable(id)));
  }

  static RouteException missingParameter(String name) {
    return new RouteException(
        ErrorCode.INVALID_PARAMETER,
        "query parameter " + name + " is required",
        Map.of("parameter", name));
  }

  static RouteException policyNotFound(String name) {
    return new RouteException(
        ErrorCode.POLICY_NOT_FOUND, "no policy named " + name, Map.of("policy", name));
  }

  static RouteException versionNotFound(String app, String version) {
    return new RouteException(
        ErrorCode.VERSION_NOT_FOUND,
        "app " + app + " has no version " + version,
        Map.of("app", app, "version", version));
  }

  static RouteException versionInUse(String app, String version, VersionInUse inUse) {
    return new RouteException(
        ErrorCode.VERSION_IN_USE,
        "app "
            + app
            + " version "
            + version
            + " served "
            + inUse.requests()
            + " requests within the last "
            + inUse.days()
            + " days (registry.retireProtectionDays), the latest at "
            + inUse.lastSeen()
            + "; retire it with ?force=true",
        Map.of(
            "app", app,
            "version", version,
            "requests", inUse.requests(),
            "lastSeen", inUse.lastSeen().toString(),
            "protectionDays", inUse.days()));
  }

  static RouteException appNotFound(String app) {
    return new RouteException(ErrorCode.APP_NOT_FOUND, "no app " + app, Map.of("app", app));
  }

  static RouteException badNumber(String name, String value) {
    return new RouteException(
        ErrorCode.INVALID_PARAMETER,
        "query parameter " + name + " must be a whole number of at least 0: " + value,
        Map.of("parameter", name));
  }

  static RouteException badRange(String name, String value, int min, int max) {
    return new RouteException(
        ErrorCode.INVALID_PARAMETER,
        "query parameter "
            + name
            + " must be a whole number from "
            + min
            + " to "
            + max
            + ": "
            + DocumentIds.printable(value),
        Map.of("parameter", name));
  }

  static RouteException badWindow(String value) {
    return new RouteException(
        ErrorCode.INVALID_PARAMETER,
        "query parameter window must be 1h, 1d, 7d or 30d: " + DocumentIds.printable(value),
        Map.of("parameter", "window"));
  }

  static RouteException badFormat(String value) {
    return new RouteException(
        ErrorCode.INVALID_PARAMETER,
        "query parameter format must be json or sdl: " + value,
        Map.of("parameter", "format"));
  }

  static RouteException badSchemaBody(String message) {
    return new RouteException(ErrorCode.BAD_REQUEST, message, Map.of());
  }

  static RouteException malformedJson(String detail) {
    return new RouteException(
        ErrorCode.MALFORMED_JSON, "request body is not valid JSON: " + detail, Map.of());
  }

  /** The longest path a {@link #noRoute} message repeats. */
  private static final int PRINTED_PATH = 200;

  static RouteException noRoute(String method, String path) {
    String printed = path.length() <= PRINTED_PATH ? path : path.substring(0, PRINTED_PATH) + "…";
    return new RouteException(
        ErrorCode.ROUTE_NOT_FOUND,
        "no route "
            + method
            + " "
            + printed
            + ": the registry API is under /v1, GraphQL at /graphql, the console at /console/",
        Map.of("method", method, "path", printed));
  }

  static RouteException schemaNotFound(String fingerprint) {
    return new RouteException(
        ErrorCode.SCHEMA_NOT_FOUND,
        "no schema with fingerprint " + fingerprint,
        Map.of("fingerprint", fingerprint));
  }

  static RouteException invalidKeyRequest(String message) {
    return new RouteException(ErrorCode.INVALID_KEY_REQUEST, message, Map.of());
  }

  static RouteException unknownPolicy(String name, java.util.Collection<String> known) {
    return new RouteException(
        ErrorCode.UNKNOWN_POLICY,
        "no policy named "
            + DocumentIds.printable(name)
            + " in the config file; a key may name "
            + String.join(", ", new java.util.TreeSet<>(known)),
        Map.of("policy", DocumentIds.printable(name)));
  }

  /** A query parameter of the wrong form; the message says which and what is expected. */
  static RouteException invalidParameter(String name, String message) {
    return new RouteException(ErrorCode.INVALID_PARAMETER, message, Map.of("parameter", name));
  }

  static RouteException invalidTokenRequest(String message) {
    return new RouteException(ErrorCode.INVALID_TOKEN_REQUEST, message, Map.of());
  }
}
