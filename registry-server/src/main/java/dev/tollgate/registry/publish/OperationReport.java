package dev.tollgate.registry.publish;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One operation of a published (or checked) manifest.
 *
 * @param cost the cost at default variables
 * @param depth the depth at default variables
 * @param isNew whether this publication registered the document (dry run: whether it would)
 * @param customIds the manifest's custom ids (aliases) of the document, sorted
 */
public record OperationReport(
    DocumentHash id,
    @Nullable String name,
    OperationKind kind,
    long cost,
    int depth,
    int aliases,
    boolean isNew,
    List<String> customIds) {

  public OperationReport {
    customIds = List.copyOf(customIds);
  }

  /** An operation of a document without custom ids. */
  public OperationReport(
      DocumentHash id,
      @Nullable String name,
      OperationKind kind,
      long cost,
      int depth,
      int aliases,
      boolean isNew) {
    this(id, name, kind, cost, depth, aliases, isNew, List.of());
  }
}
