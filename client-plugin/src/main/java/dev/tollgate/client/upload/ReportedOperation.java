package dev.tollgate.client.upload;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One operation as the registry priced it.
 *
 * @param cost the price at default variables, or {@code null} when the registry sent none
 * @param status {@code new} or {@code existing}; anything else counts as a refusal
 * @param errors reasons the registry gave for refusing this operation, if any
 * @param affordable {@code false} when the registry says no policy allowed to run the app may run
 *     this operation at its default variables (its cost is over every such policy's cost limit);
 *     {@code null} from a registry that does not say
 * @param limits when not affordable: the cost limit of each policy allowed to run the app, by name
 */
public record ReportedOperation(
    String id,
    String name,
    String type,
    @Nullable Long cost,
    @Nullable Integer depth,
    @Nullable Integer aliases,
    String status,
    List<String> errors,
    @Nullable Boolean affordable,
    Map<String, Long> limits) {

  private static final Set<String> ACCEPTED = Set.of("new", "existing");

  public ReportedOperation {
    errors = List.copyOf(errors);
    limits = Collections.unmodifiableMap(new LinkedHashMap<>(limits));
  }

  /** Without the registry's affordability verdict. */
  public ReportedOperation(
      String id,
      String name,
      String type,
      @Nullable Long cost,
      @Nullable Integer depth,
      @Nullable Integer aliases,
      String status,
      List<String> errors) {
    this(id, name, type, cost, depth, aliases, status, errors, null, Map.of());
  }

  /** Whether the registry said that no policy may run it. */
  public boolean unaffordable() {
    return Boolean.FALSE.equals(affordable);
  }

  public boolean refused() {
    return !errors.isEmpty() || !ACCEPTED.contains(status);
  }
}
