package dev.tollgate.client;

import dev.tollgate.client.upload.SchemaClient;
import dev.tollgate.client.upload.SchemaImpact;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** {@link ClientOperations#schemaCheck}: sends the SDL as a dry run and judges the report. */
final class SchemaCheck {

  private SchemaCheck() {}

  static SchemaCheckResult run(SchemaCheckRequest request) {
    String sdl;
    try {
      sdl = Files.readString(request.schemaFile());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the schema file " + request.schemaFile(), e);
    }
    SchemaImpact impact = new SchemaClient(request.registryUrl(), request.token()).check(sdl);
    return new SchemaCheckResult(impact, violations(impact, request));
  }

  private static List<String> violations(SchemaImpact impact, SchemaCheckRequest request) {
    List<String> violations = new ArrayList<>();
    for (SchemaImpact.Operation operation : impact.operations()) {
      String label = operation.name() + " (" + operation.app() + " " + operation.version() + ")";
      if (operation.status().equals("broken")) {
        violations.add(label + ": broken (" + String.join("; ", operation.errors()) + ")");
      } else if (request.failOnOverLimit() && operation.status().equals("over-limit")) {
        violations.add(
            label + ": costs " + operation.newCost() + ", over every limit that may run it");
      }
      String increase = increase(operation, request.maxIncreasePercent());
      if (increase != null) {
        violations.add(label + ": " + increase);
      }
    }
    return violations;
  }

  /** Why the cost rose too much, or null. */
  private static @Nullable String increase(
      SchemaImpact.Operation operation, @Nullable Double maxPercent) {
    Long newCost = operation.newCost();
    if (maxPercent == null || newCost == null || newCost <= operation.oldCost()) {
      return null;
    }
    double percent =
        operation.oldCost() == 0
            ? Double.POSITIVE_INFINITY
            : 100.0 * (newCost - operation.oldCost()) / operation.oldCost();
    if (percent <= maxPercent) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "dearer by %s (%d -> %d), more than --max-increase %s%%",
        Double.isInfinite(percent)
            ? "more than any percentage"
            : String.format(Locale.ROOT, "%.1f%%", percent),
        operation.oldCost(),
        newCost,
        maxPercent);
  }
}
