package dev.tollgate.client;

import dev.tollgate.client.upload.RegistryReport;
import java.util.List;

/**
 * A dry run's report and why it fails, if it does.
 *
 * @param violations one line per refused operation or operation over the maximum cost
 */
public record CheckResult(RegistryReport report, List<String> violations) {

  public CheckResult {
    violations = List.copyOf(violations);
  }

  public boolean passed() {
    return violations.isEmpty();
  }
}
