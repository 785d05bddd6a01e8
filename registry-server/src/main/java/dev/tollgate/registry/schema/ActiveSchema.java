package dev.tollgate.registry.schema;

import dev.tollgate.registry.pricing.OperationPricer;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The schema this server prices with, swapped whole when the registry's active schema changes:
 * registrations, open-mode analyses and the restoring of stored prices read it on each use.
 */
public final class ActiveSchema {

  private final AtomicReference<SchemaVersion> current;

  ActiveSchema(SchemaVersion initial) {
    this.current = new AtomicReference<>(initial);
  }

  public SchemaVersion version() {
    return current.get();
  }

  public OperationPricer pricer() {
    return current.get().pricer();
  }

  public String fingerprint() {
    return current.get().fingerprint();
  }

  void set(SchemaVersion version) {
    current.set(version);
  }
}
