package dev.tollgate.client;

import dev.tollgate.client.upload.SchemaImpact;
import java.util.List;

/**
 * A schema dry run's impact report and why it fails, if it does.
 *
 * @param violations one line per broken operation, per operation dearer than allowed, and (when
 *     asked) per operation over every limit
 */
public record SchemaCheckResult(SchemaImpact impact, List<String> violations) {

  public SchemaCheckResult {
    violations = List.copyOf(violations);
  }

  public boolean passed() {
    return violations.isEmpty();
  }
}
