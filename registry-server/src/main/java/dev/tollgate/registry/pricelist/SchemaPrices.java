package dev.tollgate.registry.pricelist;

import dev.tollgate.registry.pricelist.PriceList.ListSize;
import dev.tollgate.registry.pricelist.PriceList.Price;
import graphql.schema.GraphQLAppliedDirective;
import graphql.schema.GraphQLAppliedDirectiveArgument;
import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLDirectiveContainer;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLInputObjectField;
import graphql.schema.GraphQLInputObjectType;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLSchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Collects every {@code @cost} and {@code @listSize} the schema applies, by schema coordinate. */
final class SchemaPrices {

  private final List<Price> prices = new ArrayList<>();

  private SchemaPrices() {}

  static List<Price> of(GraphQLSchema schema) {
    SchemaPrices collector = new SchemaPrices();
    for (GraphQLNamedType type : schema.getAllTypesAsList()) {
      if (!type.getName().startsWith("__")) {
        collector.type(type);
      }
    }
    collector.prices.sort(Comparator.comparing(Price::coordinate));
    return collector.prices;
  }

  private void type(GraphQLNamedType type) {
    if (type instanceof GraphQLDirectiveContainer container) {
      add(type.getName(), container);
    }
    if (type instanceof GraphQLFieldsContainer fields) {
      fields.getFieldDefinitions().forEach(field -> field(type.getName(), field));
    }
    if (type instanceof GraphQLInputObjectType input) {
      for (GraphQLInputObjectField field : input.getFieldDefinitions()) {
        add(type.getName() + "." + field.getName(), field);
      }
    }
  }

  private void field(String typeName, GraphQLFieldDefinition field) {
    String coordinate = typeName + "." + field.getName();
    add(coordinate, field);
    for (GraphQLArgument argument : field.getArguments()) {
      add(coordinate + "(" + argument.getName() + ":)", argument);
    }
  }

  private void add(String coordinate, GraphQLDirectiveContainer element) {
    Integer weight = weight(element.getAppliedDirective("cost"));
    ListSize listSize = listSize(element.getAppliedDirective("listSize"));
    if (weight != null || listSize != null) {
      prices.add(new Price(coordinate, weight, listSize));
    }
  }

  private static @Nullable Integer weight(@Nullable GraphQLAppliedDirective cost) {
    Object value = cost == null ? null : value(cost, "weight");
    return value instanceof Number number ? number.intValue() : null;
  }

  private static @Nullable ListSize listSize(@Nullable GraphQLAppliedDirective listSize) {
    if (listSize == null) {
      return null;
    }
    Object assumed = value(listSize, "assumedSize");
    Object requireOne = value(listSize, "requireOneSlicingArgument");
    return new ListSize(assumed instanceof Number number ? number.intValue() : null,
        strings(value(listSize, "slicingArguments")), strings(value(listSize, "sizedFields")),
        !Boolean.FALSE.equals(requireOne));
  }

  private static @Nullable Object value(GraphQLAppliedDirective directive, String name) {
    GraphQLAppliedDirectiveArgument argument = directive.getArgument(name);
    return argument == null ? null : argument.getValue();
  }

  private static List<String> strings(@Nullable Object value) {
    List<String> strings = new ArrayList<>();
    if (value instanceof Iterable<?> items) {
      items.forEach(item -> strings.add(String.valueOf(item)));
    }
    return strings;
  }
}
