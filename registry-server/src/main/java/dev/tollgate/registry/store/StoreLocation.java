package dev.tollgate.registry.store;

import java.util.Optional;

/** Where a store's data is, for people: the H2 data folder, or the PostgreSQL host and database. */
public final class StoreLocation {

  private StoreLocation() {}

  /**
   * {@code H2 in /abs/tollgate-data} or {@code PostgreSQL host db:5432, database tollgate}; never
   * the URL's parameters (they may hold a password).
   */
  public static String describe(String jdbcUrl) {
    Optional<H2Files> files = H2Files.of(jdbcUrl);
    if (files.isPresent()) {
      return "H2 in " + files.get().base().getParent();
    }
    if (jdbcUrl.startsWith("jdbc:postgresql:")) {
      return "PostgreSQL " + StoreUnavailableException.where(jdbcUrl);
    }
    return StoreUnavailableException.where(jdbcUrl);
  }
}
