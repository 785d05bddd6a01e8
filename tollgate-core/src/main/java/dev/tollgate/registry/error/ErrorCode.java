package dev.tollgate.registry.error;

/**
 * Every stable error code the server answers with: the string clients read in {@code
 * extensions.code} (or {@code code} on the {@code /v1} API), its {@link ErrorKind} and so its HTTP
 * status. The strings are the wire contract: never change one.
 *
 * <p>The gateway answers a few codes with another status than their kind's, as GraphQL over HTTP
 * and Apollo clients expect ({@code gateway.GatewayHeaders}): {@link #PERSISTED_QUERY_NOT_FOUND} is
 * a 200, {@link #GRAPHQL_PARSE_FAILED} and {@link #GRAPHQL_VALIDATION_FAILED} are 400s; and in
 * {@code application/json} every refusal of a well-formed request is a 200.
 */
public enum ErrorCode {

  /* ---- request input, on both APIs ---- */

  BAD_REQUEST("BAD_REQUEST", ErrorKind.BAD_REQUEST),
  INVALID_PARAMETER("INVALID_PARAMETER", ErrorKind.BAD_REQUEST),
  INVALID_DOCUMENT_ID("INVALID_DOCUMENT_ID", ErrorKind.BAD_REQUEST),
  PAYLOAD_TOO_LARGE("PAYLOAD_TOO_LARGE", ErrorKind.TOO_LARGE),
  UNSUPPORTED_MEDIA_TYPE("UNSUPPORTED_MEDIA_TYPE", ErrorKind.UNSUPPORTED_MEDIA_TYPE),
  UNAUTHENTICATED("UNAUTHENTICATED", ErrorKind.UNAUTHENTICATED),
  FORBIDDEN("FORBIDDEN", ErrorKind.FORBIDDEN),
  DOCUMENT_NOT_FOUND("DOCUMENT_NOT_FOUND", ErrorKind.NOT_FOUND),
  POLICY_NOT_FOUND("POLICY_NOT_FOUND", ErrorKind.NOT_FOUND),
  /** No route serves the request's method and path. */
  ROUTE_NOT_FOUND("ROUTE_NOT_FOUND", ErrorKind.NOT_FOUND),

  /* ---- publishing and the store ---- */

  MALFORMED_JSON("MALFORMED_JSON", ErrorKind.BAD_REQUEST),
  MALFORMED_MANIFEST("MALFORMED_MANIFEST", ErrorKind.BAD_REQUEST),
  UNSUPPORTED_MANIFEST_FORMAT("UNSUPPORTED_MANIFEST_FORMAT", ErrorKind.BAD_REQUEST),
  UNSUPPORTED_MANIFEST_VERSION("UNSUPPORTED_MANIFEST_VERSION", ErrorKind.BAD_REQUEST),
  EMPTY_MANIFEST("EMPTY_MANIFEST", ErrorKind.BAD_REQUEST),
  DOCUMENT_ID_MISMATCH("DOCUMENT_ID_MISMATCH", ErrorKind.BAD_REQUEST),
  INVALID_OPERATIONS("INVALID_OPERATIONS", ErrorKind.UNPROCESSABLE),
  INVALID_APP_NAME("INVALID_APP_NAME", ErrorKind.BAD_REQUEST),
  INVALID_VERSION_NAME("INVALID_VERSION_NAME", ErrorKind.BAD_REQUEST),
  VERSION_CONFLICT("VERSION_CONFLICT", ErrorKind.CONFLICT),
  VERSION_RETIRED("VERSION_RETIRED", ErrorKind.CONFLICT),
  VERSION_NOT_FOUND("VERSION_NOT_FOUND", ErrorKind.NOT_FOUND),
  /**
   * Retiring a version that served requests within {@code registry.retireProtectionDays}; {@code
   * ?force=true}.
   */
  VERSION_IN_USE("VERSION_IN_USE", ErrorKind.CONFLICT),
  /**
   * A custom document id (an alias) named two different bodies among one app's active versions: in
   * one manifest, or in the manifest and a version already active.
   */
  ALIAS_CONFLICT("ALIAS_CONFLICT", ErrorKind.CONFLICT),
  APP_NOT_FOUND("APP_NOT_FOUND", ErrorKind.NOT_FOUND),

  /* ---- schema versions (issue 13) ---- */

  /** The SDL does not parse or build, or its price list is wrong (the coordinate is named). */
  INVALID_SCHEMA("INVALID_SCHEMA", ErrorKind.UNPROCESSABLE),
  SCHEMA_NOT_FOUND("SCHEMA_NOT_FOUND", ErrorKind.NOT_FOUND),
  /** Activation would leave active operations that no longer validate; {@code ?force=true}. */
  SCHEMA_BREAKS_OPERATIONS("SCHEMA_BREAKS_OPERATIONS", ErrorKind.CONFLICT),
  /** A registered operation that does not validate against the (force-)activated schema. */
  OPERATION_INVALID_FOR_SCHEMA("OPERATION_INVALID_FOR_SCHEMA", ErrorKind.BAD_REQUEST),

  /* ---- API keys issued at runtime (issue 27) ---- */

  /** A key request's body of the wrong shape: an unknown member, a bad expiry or overlap. */
  INVALID_KEY_REQUEST("INVALID_KEY_REQUEST", ErrorKind.BAD_REQUEST),
  /** A key asked for a policy that the config file does not define (or the anonymous one). */
  UNKNOWN_POLICY("UNKNOWN_POLICY", ErrorKind.UNPROCESSABLE),
  KEY_NOT_FOUND("KEY_NOT_FOUND", ErrorKind.NOT_FOUND),
  /** Rotating a revoked key: a revoked key stays revoked; issue a new one. */
  KEY_REVOKED("KEY_REVOKED", ErrorKind.CONFLICT),
  /** A token request's body of the wrong shape: an unknown member, a bad name, scope or expiry. */
  INVALID_TOKEN_REQUEST("INVALID_TOKEN_REQUEST", ErrorKind.BAD_REQUEST),
  TOKEN_NOT_FOUND("TOKEN_NOT_FOUND", ErrorKind.NOT_FOUND),

  /* ---- documents and pricing ---- */

  GRAPHQL_PARSE_FAILED("GRAPHQL_PARSE_FAILED", ErrorKind.UNPROCESSABLE),
  GRAPHQL_VALIDATION_FAILED("GRAPHQL_VALIDATION_FAILED", ErrorKind.UNPROCESSABLE),
  MAX_TOKENS_EXCEEDED("MAX_TOKENS_EXCEEDED", ErrorKind.BAD_REQUEST),
  MAX_ALIASES_EXCEEDED("MAX_ALIASES_EXCEEDED", ErrorKind.BAD_REQUEST),
  /** More fragment definitions, or more fields once they are expanded, than open mode allows. */
  MAX_FRAGMENTS_EXCEEDED("MAX_FRAGMENTS_EXCEEDED", ErrorKind.BAD_REQUEST),
  /** More root fields than open mode allows ({@code limits.rootFields}, off by default). */
  MAX_ROOT_FIELDS_EXCEEDED("MAX_ROOT_FIELDS_EXCEEDED", ErrorKind.BAD_REQUEST),
  OPERATION_RESOLUTION_FAILURE("OPERATION_RESOLUTION_FAILURE", ErrorKind.BAD_REQUEST),
  BAD_USER_INPUT("BAD_USER_INPUT", ErrorKind.BAD_REQUEST),

  /* ---- admission ---- */

  PERSISTED_QUERY_NOT_IN_LIST("PERSISTED_QUERY_NOT_IN_LIST", ErrorKind.NOT_FOUND),
  /**
   * A custom document id that names different documents in two apps the caller may use: the caller
   * must send the SHA-256 id.
   */
  ALIAS_AMBIGUOUS("ALIAS_AMBIGUOUS", ErrorKind.BAD_REQUEST),
  QUERY_NOT_IN_SAFELIST("QUERY_NOT_IN_SAFELIST", ErrorKind.FORBIDDEN),
  PERSISTED_QUERY_ID_REQUIRED("PERSISTED_QUERY_ID_REQUIRED", ErrorKind.BAD_REQUEST),
  /** An APQ miss: Apollo clients read this code and resend the hash with the text. */
  PERSISTED_QUERY_NOT_FOUND("PERSISTED_QUERY_NOT_FOUND", ErrorKind.NOT_FOUND),
  PERSISTED_QUERY_HASH_MISMATCH("PERSISTED_QUERY_HASH_MISMATCH", ErrorKind.BAD_REQUEST),
  PERSISTED_QUERY_VERSION_NOT_SUPPORTED(
      "PERSISTED_QUERY_VERSION_NOT_SUPPORTED", ErrorKind.BAD_REQUEST),
  INTROSPECTION_DISABLED("INTROSPECTION_DISABLED", ErrorKind.FORBIDDEN),
  METHOD_NOT_ALLOWED("METHOD_NOT_ALLOWED", ErrorKind.METHOD_NOT_ALLOWED),
  MAX_DEPTH_EXCEEDED("MAX_DEPTH_EXCEEDED", ErrorKind.BAD_REQUEST),
  COST_ESTIMATED_TOO_EXPENSIVE("COST_ESTIMATED_TOO_EXPENSIVE", ErrorKind.BAD_REQUEST),
  RATE_LIMITED("RATE_LIMITED", ErrorKind.RATE_LIMITED),
  BATCHING_NOT_SUPPORTED("BATCHING_NOT_SUPPORTED", ErrorKind.BAD_REQUEST),
  BATCH_TOO_LARGE("BATCH_TOO_LARGE", ErrorKind.BAD_REQUEST),

  /* ---- dependencies and bugs ---- */

  /**
   * The shared budget store did not answer and the caller's policy is {@code budget.onStoreFailure:
   * deny}: the caller's budget is unknown (503 with {@code Retry-After}, not 502).
   */
  BUDGET_STORE_UNAVAILABLE("BUDGET_STORE_UNAVAILABLE", ErrorKind.UNAVAILABLE),
  /**
   * The keys that verify bearer tokens ({@code auth.jwt.jwksUrl}) could not be fetched for longer
   * than {@code auth.jwt.jwksMaxAgeSeconds}, and {@code auth.jwt.onJwksFailure} is {@code
   * unavailable}: the caller may be valid (503 with {@code Retry-After}, not 401).
   */
  JWKS_UNAVAILABLE("JWKS_UNAVAILABLE", ErrorKind.UNAVAILABLE),
  UPSTREAM_ERROR("UPSTREAM_ERROR", ErrorKind.UPSTREAM),
  /**
   * {@code upstream.maxInFlight} calls to the upstream are already waiting for it: refused at once
   * (503 with {@code Retry-After}, not charged) rather than holding another server thread.
   */
  UPSTREAM_BUSY("UPSTREAM_BUSY", ErrorKind.UNAVAILABLE),
  CONFIG_INVALID("CONFIG_INVALID", ErrorKind.INTERNAL),
  /** A bug: the answer names nothing internal. */
  INTERNAL_SERVER_ERROR("INTERNAL_SERVER_ERROR", ErrorKind.INTERNAL);

  private final String code;
  private final ErrorKind kind;

  ErrorCode(String code, ErrorKind kind) {
    this.code = code;
    this.kind = kind;
  }

  /** The string clients read. */
  public String code() {
    return code;
  }

  public ErrorKind kind() {
    return kind;
  }

  /** The HTTP status of this code on the {@code /v1} API: its kind's. */
  public int status() {
    return kind.status();
  }
}
