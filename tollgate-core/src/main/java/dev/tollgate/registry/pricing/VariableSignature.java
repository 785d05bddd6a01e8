package dev.tollgate.registry.pricing;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import graphql.language.Document;
import graphql.language.OperationDefinition;
import graphql.language.VariableDefinition;
import graphql.parser.Parser;
import graphql.parser.ParserEnvironment;
import graphql.parser.ParserOptions;
import graphql.schema.GraphQLSchema;
import java.util.List;

/**
 * An operation's variable definitions and what a price needs of them (the optional ones, the names,
 * the coercer), built once per distinct signature: operations that declare the same variables share
 * one, since a registry holds many operations and far fewer signatures.
 */
final class VariableSignature {

  /** Parsed without source locations, comments or ignored characters: kept, never printed with. */
  private static final ParserOptions LEAN =
      ParserOptions.getDefaultOperationParserOptions()
          .transform(
              o ->
                  o.captureSourceLocation(false)
                      .captureLineComments(false)
                      .captureIgnoredChars(false));

  final List<VariableDefinition> definitions;
  final List<VariableDefinition> optional;
  final List<String> names;
  final VariableCoercer coercer;

  private VariableSignature(GraphQLSchema schema, List<VariableDefinition> definitions) {
    this.definitions = List.copyOf(definitions);
    this.optional = Variables.optional(this.definitions);
    this.names = this.definitions.stream().map(VariableDefinition::getName).toList();
    this.coercer = new VariableCoercer(schema, this.definitions);
  }

  static VariableSignature of(GraphQLSchema schema, List<VariableDefinition> definitions) {
    return new VariableSignature(schema, definitions);
  }

  /**
   * The signatures read back for one schema, by their printed form ({@code ($n: Int, $id: ID!)}):
   * held while some price uses them.
   */
  static final class Interned {
    private final GraphQLSchema schema;
    private final VariableSignature none;
    private final Cache<String, VariableSignature> byText =
        Caffeine.newBuilder().weakValues().build();

    Interned(GraphQLSchema schema) {
      this.schema = schema;
      this.none = of(schema, List.of());
    }

    VariableSignature read(String printed) {
      if (printed.isBlank()) {
        return none;
      }
      return byText.get(printed, text -> of(schema, parse(text)));
    }

    private static List<VariableDefinition> parse(String printed) {
      Document document =
          Parser.parse(
              ParserEnvironment.newParserEnvironment()
                  .document("query " + printed + " { __typename }")
                  .parserOptions(LEAN)
                  .build());
      return document
          .getDefinitionsOfType(OperationDefinition.class)
          .get(0)
          .getVariableDefinitions();
    }
  }
}
