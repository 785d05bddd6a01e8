package dev.tollgate.client.extract;

import graphql.language.Node;
import graphql.language.SourceLocation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Collects problems, each pinned to a file and line, and throws them all at once. */
final class Problems {

  private final Set<ExtractionProblem> found = new LinkedHashSet<>();

  void add(ExtractionProblem problem) {
    found.add(problem);
  }

  void at(Node<?> node, String message) {
    at(node.getSourceLocation(), message, "?");
  }

  void at(@Nullable SourceLocation location, String message, String fallbackFile) {
    if (location == null) {
      found.add(new ExtractionProblem(fallbackFile, 0, message));
      return;
    }
    String file = location.getSourceName() == null ? fallbackFile : location.getSourceName();
    found.add(new ExtractionProblem(file, Math.max(location.getLine(), 0), message));
  }

  boolean isEmpty() {
    return found.isEmpty();
  }

  /** Throws every problem collected so far, sorted by file and line; returns when there is none. */
  void throwIfAny() {
    if (!found.isEmpty()) {
      throw toException();
    }
  }

  /** Every problem collected so far, sorted by file and line. */
  ExtractionException toException() {
    List<ExtractionProblem> sorted = new ArrayList<>(found);
    sorted.sort(ExtractionProblem.ORDER);
    return new ExtractionException(sorted);
  }
}
