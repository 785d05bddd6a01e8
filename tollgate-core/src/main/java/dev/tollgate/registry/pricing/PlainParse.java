package dev.tollgate.registry.pricing;

import graphql.i18n.I18n;
import graphql.language.Document;
import graphql.org.antlr.v4.runtime.BailErrorStrategy;
import graphql.org.antlr.v4.runtime.BaseErrorListener;
import graphql.org.antlr.v4.runtime.CharStreams;
import graphql.org.antlr.v4.runtime.CommonTokenStream;
import graphql.org.antlr.v4.runtime.ParserRuleContext;
import graphql.org.antlr.v4.runtime.RecognitionException;
import graphql.org.antlr.v4.runtime.Recognizer;
import graphql.org.antlr.v4.runtime.Token;
import graphql.org.antlr.v4.runtime.atn.PredictionMode;
import graphql.org.antlr.v4.runtime.tree.ErrorNode;
import graphql.org.antlr.v4.runtime.tree.ParseTreeListener;
import graphql.org.antlr.v4.runtime.tree.TerminalNode;
import graphql.parser.GraphqlAntlrToLanguage;
import graphql.parser.MultiSourceReader;
import graphql.parser.ParserOptions;
import graphql.parser.SafeTokenSource;
import graphql.parser.antlr.GraphqlLexer;
import graphql.parser.antlr.GraphqlParser;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * graphql-java's parse of an operation document without its reader setup, for repricing: the text
 * goes to the lexer as it is, where {@code Parser} first copies it through a line-counting reader
 * (an 8 KB buffer per text, and another 4 KB copy, a quarter of the parse of a short operation).
 * Source locations are not kept (nothing a price or a validation message holds reads them). The
 * same grammar, prediction mode and limits (characters, whitespace and grammar tokens, rule depth)
 * as {@code Parser}; at the first thing out of the ordinary (a syntax error, a limit reached) it
 * gives up and answers null, so that the caller parses the ordinary way, for the ordinary error.
 */
final class PlainParse {

  private static final I18n PARSING = I18n.i18n(I18n.BundleType.Parsing, Locale.ROOT);

  /**
   * graphql-java reads a location for every string value whatever the options, for the message of a
   * malformed one; a reader never read answers one (this text has none, so it gives up instead).
   */
  private static final MultiSourceReader NO_SOURCE =
      MultiSourceReader.newMultiSourceReader().string("", null).trackData(false).build();

  private PlainParse() {}

  /** Thrown inside the parse to give up; never leaves this class. */
  private static final class GiveUp extends RuntimeException {
    GiveUp() {
      super(null, null, false, false);
    }
  }

  /** The document of {@code text}, or null when only graphql-java's own parser may answer. */
  static @Nullable Document parse(String text, ParserOptions options) {
    if (text.length() > options.getMaxCharacters()) {
      return null;
    }
    ParserOptions plain = options.transform(o -> o.captureSourceLocation(false));
    try {
      return document(text, plain);
    } catch (RuntimeException e) {
      return null; // a syntax error or a limit: the ordinary parse says which
    }
  }

  private static Document document(String text, ParserOptions options) {
    GraphqlLexer lexer = new GraphqlLexer(CharStreams.fromString(text));
    lexer.removeErrorListeners();
    lexer.addErrorListener(
        new BaseErrorListener() {
          @Override
          public void syntaxError(
              Recognizer<?, ?> recognizer,
              Object offending,
              int line,
              int position,
              String message,
              RecognitionException e) {
            throw new GiveUp();
          }
        });
    SafeTokenSource source =
        new SafeTokenSource(
            lexer,
            options.getMaxTokens(),
            options.getMaxWhitespaceTokens(),
            (max, token) -> {
              throw new GiveUp();
            });
    CommonTokenStream tokens = new CommonTokenStream(source);
    GraphqlParser parser = new GraphqlParser(tokens);
    parser.removeErrorListeners();
    parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
    parser.setErrorHandler(new BailErrorStrategy());
    parser.addParseListener(new Limits(options.getMaxTokens(), options.getMaxRuleDepth()));
    GraphqlParser.DocumentContext context = parser.document();
    Document document =
        new GraphqlAntlrToLanguage(tokens, NO_SOURCE, options, PARSING, null)
            .createDocument(context);
    if (unconsumed(tokens, context)) {
      throw new GiveUp();
    }
    return document;
  }

  /** Tokens past the document on its channel: graphql-java's "more tokens" syntax error. */
  private static boolean unconsumed(CommonTokenStream tokens, ParserRuleContext context) {
    Token stop = context.getStop();
    List<Token> all = tokens.getTokens();
    if (stop == null || all == null || all.isEmpty()) {
      return false;
    }
    Token last = all.get(all.size() - 1);
    return last.getType() != Token.EOF
        && last.getTokenIndex() > stop.getTokenIndex()
        && last.getChannel() == stop.getChannel();
  }

  /** The parser's grammar-token and rule-depth limits, as graphql-java's listeners check them. */
  private static final class Limits implements ParseTreeListener {
    private final int maxTokens;
    private final int maxDepth;
    private int tokens;
    private int depth;

    Limits(int maxTokens, int maxDepth) {
      this.maxTokens = maxTokens;
      this.maxDepth = maxDepth;
    }

    @Override
    public void visitTerminal(TerminalNode node) {
      if (++tokens > maxTokens) {
        throw new GiveUp();
      }
    }

    @Override
    public void visitErrorNode(ErrorNode node) {
      throw new GiveUp();
    }

    @Override
    public void enterEveryRule(ParserRuleContext context) {
      if (++depth > maxDepth) {
        throw new GiveUp();
      }
    }

    @Override
    public void exitEveryRule(ParserRuleContext context) {
      depth--;
    }
  }
}
