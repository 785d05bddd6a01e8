package dev.tollgate.client.manifest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A persisted-query manifest: its operations, always sorted by name, then id, so that writing the
 * same operations gives the same bytes.
 */
public record Manifest(List<ManifestOperation> operations) {

  /** The value of the {@code format} field of an Apollo manifest. */
  public static final String FORMAT = "apollo-persisted-query-manifest";

  /** The only {@code version} of that format. */
  public static final int VERSION = 1;

  private static final Comparator<ManifestOperation> ORDER =
      Comparator.comparing(ManifestOperation::name).thenComparing(ManifestOperation::id);

  public Manifest {
    List<ManifestOperation> sorted = new ArrayList<>(operations);
    sorted.sort(ORDER);
    operations = List.copyOf(sorted);
  }

  public boolean isEmpty() {
    return operations.isEmpty();
  }

  public int size() {
    return operations.size();
  }
}
