package dev.tollgate.registry.store;

/** A version is active (its documents are admitted) until it is retired; retirement is final. */
public enum VersionStatus {
  ACTIVE,
  RETIRED;

  static VersionStatus ofColumn(String value) {
    return valueOf(value.toUpperCase(java.util.Locale.ROOT));
  }
}
