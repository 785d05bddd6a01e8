package dev.tollgate.registry.store;

import java.time.Instant;
import java.util.List;

/** An app and its versions, oldest first. */
public record AppSummary(String name, Instant created, List<AppVersion> versions) {
  public AppSummary {
    versions = List.copyOf(versions);
  }
}
