package dev.tollgate.registry.publish;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import org.jspecify.annotations.Nullable;

/**
 * One operation of a published (or checked) manifest.
 *
 * @param cost the cost at default variables
 * @param depth the depth at default variables
 * @param isNew whether this publication registered the document (dry run: whether it would)
 */
public record OperationReport(
    DocumentHash id,
    @Nullable String name,
    OperationKind kind,
    long cost,
    int depth,
    int aliases,
    boolean isNew) {}
