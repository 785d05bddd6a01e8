package dev.tollgate.registry.pricing;

import graphql.schema.GraphQLSchema;

/**
 * The pricing engine's entry: parses a document under the token limit, validates it against the
 * schema, and compiles every operation's price with the schema's {@code @cost}/{@code @listSize}
 * price list under a {@link CostModel}. Pure: no I/O, no state beyond the schema and the model.
 */
public final class OperationPricer {

  private final GraphQLSchema schema;
  private final CostModel model;

  public OperationPricer(GraphQLSchema schema, CostModel model) {
    this.schema = schema;
    this.model = model;
  }

  /**
   * Parses, validates and prices {@code text}.
   *
   * @throws TokenLimitExceededException when the document has more tokens than {@code maxTokens}
   * @throws InvalidDocumentException on a syntax or validation error
   */
  public AnalysedDocument analyse(String text, int maxTokens) {
    throw new UnsupportedOperationException("pricing engine: to be built (issue 2)");
  }

  /** Reads a stored {@link CompiledPrice#serialize()} form back, bound to this pricer's schema. */
  public CompiledPrice restore(String serialized) {
    throw new UnsupportedOperationException("pricing engine: to be built (issue 2)");
  }

  public GraphQLSchema schema() {
    return schema;
  }

  public CostModel model() {
    return model;
  }
}
