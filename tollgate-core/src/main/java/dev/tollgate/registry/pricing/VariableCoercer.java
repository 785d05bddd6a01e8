package dev.tollgate.registry.pricing;

import graphql.language.ListType;
import graphql.language.NonNullType;
import graphql.language.Type;
import graphql.language.TypeName;
import graphql.language.VariableDefinition;
import graphql.schema.GraphQLSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Coerces one operation's raw variables. Variables of the built-in scalars ({@code Int}, {@code
 * Boolean}, {@code String}, {@code ID}) and flat lists of them take a fast path when the raw value
 * already has the coerced Java type (as Jackson reads JSON); anything else, including every value
 * that would not coerce, goes through graphql-java's {@code ValuesResolver}, which gives the exact
 * values and error messages. Defaults are coerced once, up front.
 */
final class VariableCoercer {

  private enum Kind {
    INT,
    BOOLEAN,
    STRING
  }

  private record Slot(
      String name,
      Kind kind,
      boolean list,
      boolean nonNull,
      boolean elementNonNull,
      boolean hasDefault) {}

  /** A raw value the fast path does not take. */
  private static final Object SLOW = new Object();

  private final GraphQLSchema schema;
  private final List<VariableDefinition> definitions;
  private final Slot @Nullable [] slots;
  private final String[] names;
  private final Map<String, @Nullable Object> defaults;

  VariableCoercer(GraphQLSchema schema, List<VariableDefinition> definitions) {
    this.schema = schema;
    this.definitions = List.copyOf(definitions);
    this.slots = slots(definitions);
    this.names = definitions.stream().map(VariableDefinition::getName).toArray(String[]::new);
    this.defaults =
        slots == null ? Map.of() : Variables.coerce(schema, withDefaults(definitions), Map.of());
  }

  Map<String, @Nullable Object> coerce(Map<String, @Nullable Object> raw) {
    if (slots == null) {
      return Variables.coerce(schema, definitions, raw);
    }
    @Nullable Object[] values = new Object[slots.length];
    for (int i = 0; i < slots.length; i++) {
      values[i] = fast(slots[i], raw);
      if (values[i] == SLOW) {
        return Variables.coerce(schema, definitions, raw);
      }
    }
    return new CoercedVariables(names, values);
  }

  /** The coerced value, {@link CoercedVariables#ABSENT}, or {@link #SLOW}. */
  private @Nullable Object fast(Slot slot, Map<String, @Nullable Object> raw) {
    if (!raw.containsKey(slot.name())) {
      if (slot.hasDefault()) {
        return defaults.get(slot.name());
      }
      return slot.nonNull() ? SLOW : CoercedVariables.ABSENT;
    }
    Object value = raw.get(slot.name());
    if (value == null) {
      return slot.nonNull() ? SLOW : null;
    }
    return value(slot, value);
  }

  private static @Nullable Object value(Slot slot, Object value) {
    if (!slot.list()) {
      return scalar(slot.kind(), value);
    }
    if (!(value instanceof List<?> elements)) {
      return SLOW;
    }
    List<@Nullable Object> result = new ArrayList<>(elements.size());
    for (Object element : elements) {
      Object coerced =
          element == null ? (slot.elementNonNull() ? SLOW : null) : scalar(slot.kind(), element);
      if (coerced == SLOW) {
        return SLOW;
      }
      result.add(coerced);
    }
    return result;
  }

  private static Object scalar(Kind kind, Object value) {
    boolean fits =
        switch (kind) {
          case INT -> value instanceof Integer;
          case BOOLEAN -> value instanceof Boolean;
          case STRING -> value instanceof String;
        };
    return fits ? value : SLOW;
  }

  private static Slot @Nullable [] slots(List<VariableDefinition> definitions) {
    Slot[] slots = new Slot[definitions.size()];
    for (int i = 0; i < slots.length; i++) {
      slots[i] = slot(definitions.get(i));
      if (slots[i] == null) {
        return null;
      }
    }
    return slots;
  }

  private static @Nullable Slot slot(VariableDefinition definition) {
    Type<?> type = definition.getType();
    boolean nonNull = type instanceof NonNullType;
    Type<?> inner = nonNull ? ((NonNullType) type).getType() : type;
    boolean list = inner instanceof ListType;
    Type<?> element = list ? ((ListType) inner).getType() : inner;
    boolean elementNonNull = element instanceof NonNullType;
    Type<?> named = elementNonNull ? ((NonNullType) element).getType() : element;
    Kind kind = named instanceof TypeName name ? kind(name.getName()) : null;
    if (kind == null) {
      return null;
    }
    boolean hasDefault = definition.getDefaultValue() != null;
    return new Slot(definition.getName(), kind, list, nonNull, elementNonNull, hasDefault);
  }

  private static @Nullable Kind kind(String name) {
    return switch (name) {
      case "Int" -> Kind.INT;
      case "Boolean" -> Kind.BOOLEAN;
      case "String", "ID" -> Kind.STRING;
      default -> null;
    };
  }

  private static List<VariableDefinition> withDefaults(List<VariableDefinition> definitions) {
    return definitions.stream().filter(d -> d.getDefaultValue() != null).toList();
  }
}
