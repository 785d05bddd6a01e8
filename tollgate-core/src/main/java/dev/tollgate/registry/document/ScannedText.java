package dev.tollgate.registry.document;

import graphql.parser.ParserOptions;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A text after the one lexical pass that runs before graphql-java's parser: its grammar-token count
 * ({@link TokenCounter}) and, when the pass recorded them, its tokens, from which each operation's
 * aliases are counted without lexing the text again.
 */
public final class ScannedText {

  /** The parser decides: the text does not lex cleanly, or another parser limit comes first. */
  public static final int UNKNOWN = TokenCounter.UNKNOWN;

  private final String text;
  private final int count;
  private final @Nullable TextTokens tokens;
  private @Nullable TextAliases structure;
  private boolean read;

  ScannedText(String text, int count, @Nullable TextTokens tokens) {
    this.text = text;
    this.count = count;
    this.tokens = tokens;
  }

  /**
   * Counts the grammar tokens of {@code text} in one pass, as graphql-java's parser counts them
   * under {@code options}, keeping the tokens when {@code recordTokens}.
   */
  public static ScannedText scan(String text, ParserOptions options, boolean recordTokens) {
    return TokenCounter.scan(text, options, recordTokens);
  }

  /**
   * Whether {@code text} has more than {@code maxTokens} grammar tokens, counted as {@link #scan}
   * counts them and stopping at the limit; false when only the parser can tell. Reads the text
   * through {@link CharSequence#charAt}, so that it need not be a {@code String} yet.
   */
  public static boolean exceedsTokens(CharSequence text, int maxTokens) {
    return TokenCounter.exceeds(text, options(maxTokens));
  }

  /**
   * graphql-java's options for reading an operation document, with this token limit. Comments are
   * not kept on the AST: a compiled price holds AST nodes, and a node's comment would keep a copy
   * of it for as long as the price is cached (issue 10: a 120 KB comment stayed with each
   * analysis).
   */
  public static ParserOptions options(int maxTokens) {
    return ParserOptions.getDefaultOperationParserOptions()
        .transform(
            o -> o.maxTokens(maxTokens).captureSourceLocation(true).captureLineComments(false));
  }

  public String text() {
    return text;
  }

  /**
   * The grammar tokens, end of file included; {@code maxTokens + 1} once past the limit; or {@link
   * #UNKNOWN}, when only the parser can tell.
   */
  public int count() {
    return count;
  }

  /**
   * Each operation's alias count ({@link AliasCount}) read from the recorded tokens; null when the
   * tokens were not recorded, the count is past the limit or unknown, or the text is not read
   * plainly (the parsed document decides then).
   */
  @Nullable TextTokens tokens() {
    return tokens;
  }

  public @Nullable List<OperationAliases> aliases() {
    TextAliases structure = structure();
    return structure == null ? null : structure.aliases();
  }

  /**
   * How the text uses fragments ({@link FragmentShape}), read from the recorded tokens; null when
   * {@link #aliases()} is.
   */
  public @Nullable FragmentShape fragmentShape() {
    TextAliases structure = structure();
    return structure == null ? null : structure.fragmentShape();
  }

  /** The selection structure, read once from the tokens for both measures. */
  private @Nullable TextAliases structure() {
    if (tokens == null) {
      return null;
    }
    if (!read) {
      structure = TextAliases.read(tokens);
      read = true;
    }
    return structure;
  }
}
