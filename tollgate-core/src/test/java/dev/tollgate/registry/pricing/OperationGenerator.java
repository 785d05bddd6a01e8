package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLCompositeType;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLInputType;
import graphql.schema.GraphQLInterfaceType;
import graphql.schema.GraphQLNamedOutputType;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLTypeUtil;
import graphql.schema.GraphQLUnionType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Generates valid random queries over a schema: fields with slicing arguments given as literals,
 * variables or not at all, {@code @include}/{@code @skip} on literals and variables, inline
 * fragments, and named fragments spread (and re-spread) at random places. Every field with
 * arguments gets a unique alias, so no two selections conflict.
 */
public final class OperationGenerator {

  /** The variables a generated query may use, with their declarations. */
  static final Map<String, String> VARIABLES = new LinkedHashMap<>();

  static {
    VARIABLES.put("n1", "Int");
    VARIABLES.put("n2", "Int = 3");
    VARIABLES.put("m", "Int");
    VARIABLES.put("b1", "Boolean!");
    VARIABLES.put("b2", "Boolean = false");
    VARIABLES.put("ids", "[ID!] = [\"a\"]");
  }

  private static final int MAX_DEPTH = 5;
  private static final int[] PAGES = {-3, 0, 1, 2, 5, 50};

  private final GraphQLSchema schema;
  private final Random random;
  private final boolean apollo;
  private final Set<String> usedVariables = new LinkedHashSet<>();
  private final Map<String, String> fragments = new LinkedHashMap<>();
  private final Map<String, String> fragmentNames = new HashMap<>();
  private final Set<String> inProgress = new HashSet<>();
  private int aliases;

  public OperationGenerator(GraphQLSchema schema, long seed, boolean apollo) {
    this.schema = schema;
    this.random = new Random(seed);
    this.apollo = apollo;
  }

  public String generate() {
    String body = selectionSet(schema.getQueryType(), 0);
    StringBuilder out = new StringBuilder("query Q");
    if (!usedVariables.isEmpty()) {
      List<String> declarations = new ArrayList<>();
      for (String name : usedVariables) {
        declarations.add("$" + name + ": " + VARIABLES.get(name));
      }
      out.append('(').append(String.join(", ", declarations)).append(')');
    }
    out.append(' ').append(body);
    fragments.values().forEach(f -> out.append('\n').append(f));
    return out.toString();
  }

  /** Random values for the variables: absent, null, small, large. */
  public Map<String, @Nullable Object> variables(Random values) {
    Map<String, @Nullable Object> vars = new HashMap<>();
    for (String name : List.of("n1", "n2", "m")) {
      int pick = values.nextInt(8);
      if (pick == 1) {
        vars.put(name, null);
      } else if (pick > 1) {
        vars.put(name, new int[] {-2, 0, 1, 3, 50, Integer.MAX_VALUE}[pick - 2]);
      }
    }
    vars.put("b1", values.nextBoolean());
    if (values.nextBoolean()) {
      vars.put("b2", values.nextBoolean());
    }
    int ids = values.nextInt(4);
    if (ids > 0) {
      vars.put("ids", List.of("a", "b", "c", "d", "e", "f", "g").subList(0, ids * 2));
    }
    return vars;
  }

  private String selectionSet(GraphQLCompositeType type, int depth) {
    List<String> parts = new ArrayList<>();
    int count = 1 + random.nextInt(depth == 0 ? 3 : 2);
    for (int i = 0; i < count; i++) {
      parts.add(selection(type, depth));
    }
    return "{ " + String.join(" ", parts) + " }";
  }

  private String selection(GraphQLCompositeType type, int depth) {
    if (type instanceof GraphQLUnionType union) {
      List<GraphQLNamedOutputType> members = union.getTypes();
      GraphQLObjectType member = (GraphQLObjectType) members.get(random.nextInt(members.size()));
      return "... on " + member.getName() + directive() + " " + selectionSet(member, depth);
    }
    int pick = random.nextInt(10);
    if (pick == 0
        && type instanceof GraphQLObjectType object
        && !inProgress.contains(object.getName())) {
      return "..." + fragment(object, depth) + directive();
    }
    if (pick == 1) {
      return "..." + directive() + " " + selectionSet(type, depth);
    }
    if (pick == 2 && type instanceof GraphQLInterfaceType iface) {
      List<GraphQLObjectType> implementations = schema.getImplementations(iface);
      GraphQLObjectType impl = implementations.get(random.nextInt(implementations.size()));
      return "... on " + impl.getName() + " " + selectionSet(impl, depth);
    }
    return field((GraphQLFieldsContainer) type, depth);
  }

  private String fragment(GraphQLObjectType type, int depth) {
    String existing = fragmentNames.get(type.getName());
    if (existing != null) {
      return existing;
    }
    String name = "F" + type.getName();
    inProgress.add(type.getName());
    String body = selectionSet(type, depth);
    inProgress.remove(type.getName());
    fragmentNames.put(type.getName(), name);
    fragments.put(name, "fragment " + name + " on " + type.getName() + " " + body);
    return name;
  }

  private String field(GraphQLFieldsContainer type, int depth) {
    List<GraphQLFieldDefinition> candidates = candidates(type, depth);
    if (candidates.isEmpty()) {
      return "__typename";
    }
    GraphQLFieldDefinition field = candidates.get(random.nextInt(candidates.size()));
    String arguments = arguments(field);
    String alias = arguments.isEmpty() && random.nextInt(5) > 0 ? "" : "a" + (aliases++) + ": ";
    String text = alias + field.getName() + arguments + directive();
    GraphQLNamedType result = (GraphQLNamedType) GraphQLTypeUtil.unwrapAll(field.getType());
    if (result instanceof GraphQLCompositeType composite) {
      return text + " " + selectionSet(composite, depth + 1);
    }
    return text;
  }

  private List<GraphQLFieldDefinition> candidates(GraphQLFieldsContainer type, int depth) {
    List<GraphQLFieldDefinition> candidates = new ArrayList<>();
    for (GraphQLFieldDefinition field : type.getFieldDefinitions()) {
      boolean leaf = !(GraphQLTypeUtil.unwrapAll(field.getType()) instanceof GraphQLCompositeType);
      if ((leaf || depth < MAX_DEPTH) && supported(field)) {
        candidates.add(field);
      }
    }
    return candidates;
  }

  /** Fields whose required arguments this generator can write (no input objects). */
  private static boolean supported(GraphQLFieldDefinition field) {
    for (GraphQLArgument argument : field.getArguments()) {
      boolean required = GraphQLTypeUtil.isNonNull(argument.getType());
      if (required && literal(argument.getType()) == null) {
        return false;
      }
    }
    return true;
  }

  private String arguments(GraphQLFieldDefinition field) {
    ListSize listSize = CostDirectives.listSize(field);
    List<String> slicing = listSize == null ? List.of() : listSize.slicingArguments();
    String exactlyOne =
        apollo && listSize != null && listSize.requireOneSlicingArgument() && !slicing.isEmpty()
            ? slicing.get(random.nextInt(slicing.size()))
            : null;
    List<String> given = new ArrayList<>();
    for (GraphQLArgument argument : field.getArguments()) {
      String value = value(argument, slicing.contains(argument.getName()), exactlyOne);
      if (value != null) {
        given.add(argument.getName() + ": " + value);
      }
    }
    return given.isEmpty() ? "" : "(" + String.join(", ", given) + ")";
  }

  private @Nullable String value(
      GraphQLArgument argument, boolean slicing, @Nullable String exactlyOne) {
    boolean required = GraphQLTypeUtil.isNonNull(argument.getType());
    if (!slicing) {
      return required ? literal(argument.getType()) : null;
    }
    if (exactlyOne != null && !exactlyOne.equals(argument.getName())) {
      return null;
    }
    if (exactlyOne == null && !required && random.nextInt(3) == 0) {
      return null;
    }
    return slicingValue(argument.getType(), required);
  }

  private String slicingValue(GraphQLInputType type, boolean required) {
    boolean list = GraphQLTypeUtil.isList(GraphQLTypeUtil.unwrapNonNull(type));
    boolean variable = random.nextBoolean();
    if (list) {
      return variable ? use("ids") : "[" + "\"x\", ".repeat(random.nextInt(4)) + "\"y\"]";
    }
    if (!variable) {
      return Integer.toString(PAGES[random.nextInt(PAGES.length)]);
    }
    return use(required ? "n2" : List.of("n1", "n2", "m").get(random.nextInt(3)));
  }

  private String directive() {
    return switch (random.nextInt(12)) {
      case 0 -> " @include(if: " + use("b1") + ")";
      case 1 -> " @skip(if: " + use("b2") + ")";
      case 2 -> " @skip(if: " + use("b1") + ")";
      case 3 -> " @include(if: false)";
      case 4 -> " @skip(if: false)";
      default -> "";
    };
  }

  private String use(String variable) {
    usedVariables.add(variable);
    return "$" + variable;
  }

  private static @Nullable String literal(GraphQLInputType type) {
    GraphQLNamedType named = (GraphQLNamedType) GraphQLTypeUtil.unwrapAll(type);
    String scalar =
        switch (named.getName()) {
          case "String", "ID" -> "\"A\"";
          case "Int" -> "2";
          case "Boolean" -> "true";
          default -> null;
        };
    if (scalar == null) {
      return null;
    }
    return GraphQLTypeUtil.isList(GraphQLTypeUtil.unwrapNonNull(type))
        ? "[" + scalar + "]"
        : scalar;
  }
}
