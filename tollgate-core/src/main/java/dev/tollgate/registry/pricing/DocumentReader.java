package dev.tollgate.registry.pricing;

import dev.tollgate.registry.document.ScannedText;
import dev.tollgate.registry.error.ErrorCode;
import graphql.ParseAndValidate;
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
import java.util.List;
import java.util.Locale;

/**
 * Reads an operation document: one lexical pass ({@link ScannedText}) refuses a text over the token
 * limit before graphql-java's parser runs, then the parser reads it under the same limit; then
 * validation against the schema.
 */
public final class DocumentReader {

  /** A parsed document and its token count, end of file included, as graphql-java counts it. */
  public record Parsed(Document document, int tokens) {}

  private DocumentReader() {}

  /**
   * The one pass over {@code text} before parsing. A text it cannot read plainly is left to the
   * parser, whose own limit still holds.
   *
   * @param recordTokens whether to keep the tokens, for {@link ScannedText#aliases()}
   * @throws TokenLimitExceededException beyond {@code maxTokens} grammar tokens (EOF included)
   */
  static ScannedText scan(String text, int maxTokens, boolean recordTokens) {
    ScannedText scanned = ScannedText.scan(text, ScannedText.options(maxTokens), recordTokens);
    if (scanned.count() > maxTokens) {
      throw new TokenLimitExceededException(maxTokens);
    }
    return scanned;
  }

  /**
   * Scans, then parses.
   *
   * @throws TokenLimitExceededException beyond {@code maxTokens} grammar tokens (EOF included)
   * @throws InvalidDocumentException ({@code GRAPHQL_PARSE_FAILED}) on a syntax error or a document
   *     nested deeper than the parser allows
   */
  public static Parsed parse(String text, int maxTokens) {
    return parse(scan(text, maxTokens, false), maxTokens);
  }

  /**
   * Parses a text {@link #scan} passed, without lexing it again before the parser.
   *
   * @throws TokenLimitExceededException when the parser passes the limit (a text the scan left to
   *     it)
   * @throws InvalidDocumentException ({@code GRAPHQL_PARSE_FAILED}) on a syntax error or a document
   *     nested deeper than the parser allows
   */
  static Parsed parse(ScannedText scanned, int maxTokens) {
    String text = scanned.text();
    int[] count = {0};
    ParserOptions options =
        ScannedText.options(maxTokens).transform(o -> o.parsingListener(token -> count[0]++));
    ParserEnvironment environment =
        ParserEnvironment.newParserEnvironment().document(text).parserOptions(options).build();
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

  /**
   * {@link #parse(ScannedText, int)} without graphql-java's reader setup or source locations, for a
   * text the scan counted ({@link PlainParse}); the ordinary parse for any other, or whenever the
   * plain one gives up, so that the outcome and the errors are the ordinary ones.
   */
  static Parsed parsePlain(ScannedText scanned, int maxTokens) {
    if (scanned.count() == ScannedText.UNKNOWN) {
      return parse(scanned, maxTokens);
    }
    Document document = PlainParse.parse(scanned.text(), ScannedText.options(maxTokens));
    return document == null ? parse(scanned, maxTokens) : new Parsed(document, scanned.count());
  }

  private static InvalidDocumentException parseFailed(Exception e) {
    return new InvalidDocumentException(
        ErrorCode.GRAPHQL_PARSE_FAILED, List.of(String.valueOf(e.getMessage())));
  }

  /**
   * @throws InvalidDocumentException ({@code GRAPHQL_VALIDATION_FAILED}) with graphql-java's
   *     messages
   */
  static void validate(GraphQLSchema schema, Document document) {
    List<ValidationError> errors = ParseAndValidate.validate(schema, document, Locale.ROOT);
    if (!errors.isEmpty()) {
      throw new InvalidDocumentException(
          ErrorCode.GRAPHQL_VALIDATION_FAILED,
          errors.stream().map(ValidationError::getMessage).toList());
    }
  }
}
