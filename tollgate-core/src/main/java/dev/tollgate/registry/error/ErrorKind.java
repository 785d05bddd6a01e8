package dev.tollgate.registry.error;

/**
 * What kind of failure an error is, and the HTTP status it answers with, so that the HTTP layer can
 * choose a status without the domain knowing HTTP.
 */
public enum ErrorKind {
  /** The request is malformed or names something invalid (400). */
  BAD_REQUEST(400),
  /** Credentials are missing (401). */
  UNAUTHENTICATED(401),
  /** Credentials are valid but not allowed to do this (403). */
  FORBIDDEN(403),
  /** The thing named does not exist (404). */
  NOT_FOUND(404),
  /** The method is not allowed on this resource (405). */
  METHOD_NOT_ALLOWED(405),
  /** The request conflicts with what is stored (409). */
  CONFLICT(409),
  /** The body is larger than the limit (413). */
  TOO_LARGE(413),
  /** The content type is not one we read (415). */
  UNSUPPORTED_MEDIA_TYPE(415),
  /** The document is well-formed JSON but not a valid GraphQL document (422). */
  UNPROCESSABLE(422),
  /** The caller's budget is short (429). */
  RATE_LIMITED(429),
  /** Something the server depends on failed (502). */
  UPSTREAM(502),
  /**
   * A dependency of our own is unavailable and the configured policy is to refuse until it answers
   * (503, with {@code Retry-After}).
   */
  UNAVAILABLE(503),
  /** A bug or an unavailable dependency (500). */
  INTERNAL(500);

  private final int status;

  ErrorKind(int status) {
    this.status = status;
  }

  /** The HTTP status of this kind on the {@code /v1} API (the gateway overrides a few codes). */
  public int status() {
    return status;
  }
}
