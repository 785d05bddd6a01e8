package dev.tollgate.registry.admission;

/**
 * How a request arrived. A {@code GET}, and an HTTP {@code QUERY} (a safe method with a body, off
 * unless the gateway enables it), may only run queries, and their answers may be cached.
 */
public enum Transport {
  GET,
  POST,
  QUERY;

  /** Whether the method is safe: only queries run, and an answer by id may be cached. */
  public boolean safe() {
    return this != POST;
  }
}
