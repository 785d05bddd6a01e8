package dev.tollgate.registry.pricing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The price of an operation that does not validate against the schema it is stored under: every
 * evaluation refuses with {@code OPERATION_INVALID_FOR_SCHEMA}. Text form: {@link #VERSION}, then
 * one of graphql-java's errors a line.
 */
public final class BrokenPrice implements CompiledPrice {

  static final String VERSION = "broken";

  private final List<String> errors;

  public BrokenPrice(List<String> errors) {
    List<String> lines = new ArrayList<>();
    for (String error : errors) {
      lines.add(error.replace('\n', ' '));
    }
    this.errors = List.copyOf(lines);
  }

  static boolean isBroken(String serialized) {
    return serialized.equals(VERSION) || serialized.startsWith(VERSION + "\n");
  }

  static BrokenPrice read(String serialized) {
    List<String> lines = new ArrayList<>(List.of(serialized.split("\n")));
    lines.remove(0);
    return new BrokenPrice(lines);
  }

  public List<String> errors() {
    return errors;
  }

  @Override
  public Measure evaluate(Map<String, @Nullable Object> rawVariables) {
    throw new InvalidForSchemaException(errors);
  }

  /** A broken operation costs nothing: it never runs. */
  @Override
  public Measure atDefaults() {
    return new Measure(0, 0);
  }

  @Override
  public String serialize() {
    return VERSION + "\n" + String.join("\n", errors);
  }

  /** None: a broken operation is never forwarded. */
  @Override
  public List<String> variableNames() {
    return List.of();
  }

  @Override
  public String costText() {
    return "invalid";
  }
}
