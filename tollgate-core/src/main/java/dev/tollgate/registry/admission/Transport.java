package dev.tollgate.registry.admission;

/** How a request arrived: a {@code GET} may only run queries. */
public enum Transport {
  GET,
  POST
}
