package dev.tollgate.registry.schema;

import dev.tollgate.registry.pricing.OperationPricer;
import graphql.GraphQLError;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.TypeDefinitionRegistry;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import graphql.schema.idl.errors.SchemaProblem;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a published SDL into a schema, refusing with graphql-java's errors when it does not parse
 * or build, and with the coordinate when its price list is wrong ({@link PriceListCheck}).
 */
final class SchemaBuilder {

  private SchemaBuilder() {}

  /**
   * @throws SchemaException {@code INVALID_SCHEMA}
   */
  static SchemaVersion build(SchemaInput input) {
    GraphQLSchema schema = graphqlSchema(input.sdl());
    List<String> problems = PriceListCheck.problems(schema);
    if (!problems.isEmpty()) {
      throw SchemaException.invalid(problems);
    }
    return new SchemaVersion(
        input, input.fingerprint(), new OperationPricer(schema, input.costModel()));
  }

  private static GraphQLSchema graphqlSchema(String sdl) {
    try {
      TypeDefinitionRegistry types = new SchemaParser().parse(sdl);
      return UnExecutableSchemaGenerator.makeUnExecutableSchema(types);
    } catch (SchemaProblem e) {
      throw SchemaException.invalid(messages(e.getErrors()));
    } catch (RuntimeException e) {
      // graphql-java asserts some rules with unchecked exceptions of its own
      throw SchemaException.invalid(List.of(String.valueOf(e.getMessage())));
    }
  }

  private static List<String> messages(List<GraphQLError> errors) {
    List<String> messages = new ArrayList<>();
    for (GraphQLError error : errors) {
      messages.add(error.getMessage());
    }
    return messages.isEmpty() ? List.of("the SDL does not build a schema") : messages;
  }
}
