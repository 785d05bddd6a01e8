package dev.tollgate.registry.calibration;

import dev.tollgate.registry.store.Measurements.VersionUsage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Usage per version: every request of a registered document counted once, for the version it was
 * admitted under ({@link VersionIndex}), so a document shared by several versions shows which of
 * them served it.
 */
public final class VersionUsages {

  /** Requests and the latest of them. */
  public record Used(long requests, Instant lastSeen) {
    Used plus(long more, Instant at) {
      return new Used(requests + more, at.isAfter(lastSeen) ? at : lastSeen);
    }
  }

  private final Map<String, Used> operations = new HashMap<>();
  private final Map<String, Used> versions = new HashMap<>();
  private final Map<String, List<VersionUsage>> documents = new HashMap<>();

  private VersionUsages() {}

  static VersionUsages of(List<VersionUsage> rows) {
    VersionUsages usages = new VersionUsages();
    for (VersionUsage row : rows) {
      usages.operations.put(
          key(row.app(), row.version(), row.documentId() + "/" + row.operation()),
          new Used(row.requests(), row.lastSeen()));
      usages.versions.merge(
          key(row.app(), row.version(), ""),
          new Used(row.requests(), row.lastSeen()),
          (a, b) -> a.plus(b.requests(), b.lastSeen()));
      usages.documents.computeIfAbsent(row.documentId(), d -> new ArrayList<>()).add(row);
    }
    return usages;
  }

  /**
   * Requests of operation {@code operation} ({@code ""} when anonymous) of {@code documentId}
   * counted for this version; {@code null} when none.
   */
  public @Nullable Used of(String app, String version, String documentId, String operation) {
    return operations.get(key(app, version, documentId + "/" + operation));
  }

  /** Requests counted for this version; {@code null} when none. */
  public @Nullable Used ofVersion(String app, String version) {
    return versions.get(key(app, version, ""));
  }

  /** The versions that served {@code documentId}, per operation. */
  public List<VersionUsage> ofDocument(String documentId) {
    return List.copyOf(documents.getOrDefault(documentId, List.of()));
  }

  private static String key(String app, String version, String rest) {
    return app + "\u0000" + version + "\u0000" + rest;
  }
}
