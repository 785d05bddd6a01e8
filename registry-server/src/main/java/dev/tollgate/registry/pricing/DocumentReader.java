package dev.tollgate.registry.pricing;

import dev.tollgate.registry.error.ErrorCode;
import graphql.language.Document;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;
import graphql.parser.ParserEnvironment;
import graphql.parser.ParserOptions;
import graphql.parser.exceptions.ParseCancelledException;
import graphql.parser.exceptions.ParseCancelledTooDeepException;
import graphql.parser.exceptions.ParseCancelledTooManyCharsException;
import graphql.schema.GraphQLSchema;
import graphql.validation.ValidationError;
import graphql.ParseAndValidate;
import java.util.List;
import java.util.Locale;

/** Parses under the token limit (counting tokens as graphql-java does) and validates. */
final class DocumentReader {

  record Parsed(Document document, int tokens) {}

  private DocumentReader() {}

  /**
   * @throws TokenLimitExceededException beyond {@code maxTokens} grammar tokens (EOF included)
   * @throws InvalidDocumentException ({@code GRAPHQL_PARSE_FAILED}) on a syntax error or a document
   *     nested deeper than the parser allows
   */
  static Parsed parse(String text, int maxTokens) {
    int[] count = {0};
    ParserOptions options = options(maxTokens).transform(o -> o.parsingListener(token -> count[0]++));
    if (TokenCounter.count(text, options) > maxTokens) {
      // refused without the parser, whose own limit still holds for any text counted UNKNOWN
      throw new TokenLimitExceededException(maxTokens);
    }
    ParserEnvironment environment = ParserEnvironment.newParserEnvironment()
        .document(text).parserOptions(options).build();
    try {
      Document document = new Parser().parseDocument(environment);
      // the listener sees grammar tokens; graphql-java's limit also counts the end of file
      return new Parsed(document, count[0] + 1);
    } catch (ParseCancelledTooDeepException | ParseCancelledTooManyCharsException e) {
      throw parseFailed(e);
    } catch (ParseCancelledException e) {
      // the limit counts grammar tokens; whitespace and comments have limits of their own
      if (String.valueOf(e.getMessage()).contains("'grammar'")) {
        throw new TokenLimitExceededException(maxTokens);
      }
      throw parseFailed(e);
    } catch (InvalidSyntaxException e) {
      throw parseFailed(e);
    }
  }

  /** graphql-java's options for reading an operation document, with this token limit. */
  static ParserOptions options(int maxTokens) {
    return ParserOptions.getDefaultOperationParserOptions().transform(o -> o
        .maxTokens(maxTokens)
        .captureSourceLocation(true));
  }

  private static InvalidDocumentException parseFailed(Exception e) {
    return new InvalidDocumentException(ErrorCode.GRAPHQL_PARSE_FAILED, List.of(String.valueOf(e.getMessage())));
  }

  /** @throws InvalidDocumentException ({@code GRAPHQL_VALIDATION_FAILED}) with graphql-java's messages */
  static void validate(GraphQLSchema schema, Document document) {
    List<ValidationError> errors = ParseAndValidate.validate(schema, document, Locale.ROOT);
    if (!errors.isEmpty()) {
      throw new InvalidDocumentException(ErrorCode.GRAPHQL_VALIDATION_FAILED,
          errors.stream().map(ValidationError::getMessage).toList());
    }
  }
}
