package dev.tollgate.registry.store;

import java.util.List;

/**
 * Work on the active operations and their documents' texts, read in one snapshot. {@code documents}
 * holds each document of an active version once; it is read from the store only when iterated, a
 * page at a time (never held in memory whole), and only during {@link #apply}.
 */
@FunctionalInterface
public interface ActiveRead<T> {

  T apply(List<ActiveOperation> operations, Iterable<ActiveDocument> documents);
}
