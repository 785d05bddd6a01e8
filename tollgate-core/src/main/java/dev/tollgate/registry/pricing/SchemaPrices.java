package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import dev.tollgate.registry.pricing.CostDirectives.Price;
import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLInputObjectField;
import graphql.schema.GraphQLInputObjectType;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLSchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Every {@code @cost} and {@code @listSize} the schema applies, by schema coordinate, read with
 * {@link CostDirectives}: what {@code /v1/price-list} shows clients.
 */
public final class SchemaPrices {

  private final List<Price> prices = new ArrayList<>();

  private SchemaPrices() {}

  /** The schema's price entries, introspection types left out, ordered by coordinate. */
  public static List<Price> of(GraphQLSchema schema) {
    SchemaPrices collector = new SchemaPrices();
    for (GraphQLNamedType type : schema.getAllTypesAsList()) {
      if (!type.getName().startsWith("__")) {
        collector.type(type);
      }
    }
    collector.prices.sort(Comparator.comparing(Price::coordinate));
    return List.copyOf(collector.prices);
  }

  private void type(GraphQLNamedType type) {
    add(type.getName(), type);
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

  private void add(String coordinate, Object element) {
    Long weight = CostDirectives.weight(element);
    ListSize listSize = CostDirectives.listSize(element);
    if (weight != null || listSize != null) {
      prices.add(new Price(coordinate, weight, listSize));
    }
  }
}
