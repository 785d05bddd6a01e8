package dev.tollgate.registry.schema;

import dev.tollgate.registry.pricing.OperationPricer;

/**
 * The schema this server prices with, swapped whole when the registry's active schema changes:
 * registrations, open-mode analyses and the restoring of stored prices read it on each use.
 */
public final class ActiveSchema {

  private volatile SchemaVersion current;

  ActiveSchema(SchemaVersion initial) {
    this.current = initial;
  }

  public SchemaVersion version() {
    return current;
  }

  public OperationPricer pricer() {
    return current.pricer();
  }

  public String fingerprint() {
    return current.fingerprint();
  }

  void set(SchemaVersion version) {
    current = version;
  }
}
