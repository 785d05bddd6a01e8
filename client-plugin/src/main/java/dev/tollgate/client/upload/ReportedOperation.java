package dev.tollgate.client.upload;

import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One operation as the registry priced it.
 *
 * @param cost the price at default variables, or {@code null} when the registry sent none
 * @param status {@code new} or {@code existing}; anything else counts as a refusal
 * @param errors reasons the registry gave for refusing this operation, if any
 */
public record ReportedOperation(
    String id,
    String name,
    String type,
    @Nullable Long cost,
    @Nullable Integer depth,
    @Nullable Integer aliases,
    String status,
    List<String> errors) {

  private static final Set<String> ACCEPTED = Set.of("new", "existing");

  public ReportedOperation {
    errors = List.copyOf(errors);
  }

  public boolean refused() {
    return !errors.isEmpty() || !ACCEPTED.contains(status);
  }
}
