package dev.tollgate.registry;

/**
 * What kind of failure an exception is, so that the HTTP layer can choose a status without the
 * domain knowing HTTP.
 */
public enum ErrorKind {
  /** The request is malformed or names something invalid (400). */
  BAD_REQUEST,
  /** Credentials are missing (401). */
  UNAUTHENTICATED,
  /** Credentials are valid but not allowed to do this (403). */
  FORBIDDEN,
  /** The thing named does not exist (404). */
  NOT_FOUND,
  /** The method is not allowed on this resource (405). */
  METHOD_NOT_ALLOWED,
  /** The request conflicts with what is stored (409). */
  CONFLICT,
  /** The body is larger than the limit (413). */
  TOO_LARGE,
  /** The content type is not one we read (415). */
  UNSUPPORTED_MEDIA_TYPE,
  /** The document is well-formed JSON but not a valid GraphQL document (422). */
  UNPROCESSABLE,
  /** The caller's budget is short (429). */
  RATE_LIMITED,
  /** Something the server depends on failed (502). */
  UPSTREAM,
  /** A bug or an unavailable dependency (500). */
  INTERNAL
}
