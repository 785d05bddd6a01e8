package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import dev.tollgate.registry.pricing.CostDirectives.Price;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The price list clients read is the one pricing reads: both go through {@link CostDirectives}. */
final class SchemaPricesTest {

  private static final GraphQLSchema SCHEMA =
      Fixtures.parseSchema(
          """
      directive @cost(weight: Int!) on FIELD_DEFINITION | ARGUMENT_DEFINITION | OBJECT | INPUT_FIELD_DEFINITION
      directive @listSize(assumedSize: Int, slicingArguments: [String!], sizedFields: [String!],
          requireOneSlicingArgument: Boolean = true) on FIELD_DEFINITION
      type Query {
        books(first: Int @cost(weight: 2), last: Int): [Book] @listSize(slicingArguments: ["first", "last"])
        shelf: Shelf @cost(weight: 7)
      }
      type Book @cost(weight: 3) { title: String }
      type Shelf { books: [Book] @listSize(assumedSize: 4, requireOneSlicingArgument: false) }
      """);

  @Test
  void of_schemaWithDirectives_listsEveryPriceByCoordinate() {
    assertThat(SchemaPrices.of(SCHEMA))
        .containsExactly(
            new Price("Book", 3L, null),
            new Price(
                "Query.books", null, new ListSize(null, List.of("first", "last"), List.of(), true)),
            new Price("Query.books(first:)", 2L, null),
            new Price("Query.shelf", 7L, null),
            new Price("Shelf.books", null, new ListSize(4, List.of(), List.of(), false)));
  }

  @Test
  void weight_fieldAndType_readAsPricingReadsThem() {
    GraphQLObjectType query = SCHEMA.getQueryType();

    assertThat(CostDirectives.weight(query.getFieldDefinition("shelf"))).isEqualTo(7L);
    assertThat(CostDirectives.weight(SCHEMA.getType("Book"))).isEqualTo(3L);
    assertThat(CostDirectives.weight(SCHEMA.getType("Shelf"))).isNull();
    assertThat(new CachedPrices().cachedListSize(query.getFieldDefinition("books")))
        .isEqualTo(CostDirectives.listSize(query.getFieldDefinition("books")));
  }
}
