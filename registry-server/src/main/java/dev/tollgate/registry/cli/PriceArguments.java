package dev.tollgate.registry.cli;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * {@code price --schema FILE --query FILE [--variables JSON|@FILE] [--operation NAME] [--model
 * book|apollo] [--fragment-spreads first|each]}.
 *
 * @param fragmentSpreads {@code null}: the model's own, as the server's {@code
 *     schema.fragmentSpreads} defaults
 */
record PriceArguments(
    Path schema,
    Path query,
    String variables,
    @Nullable String operation,
    String model,
    @Nullable String fragmentSpreads) {

  static final String USAGE =
      "usage: price --schema FILE --query FILE [--variables JSON|@FILE] "
          + "[--operation NAME] [--model book|apollo] [--fragment-spreads first|each]";

  static final String HELP =
      USAGE
          + """

          Prices one GraphQL document against a schema's @cost/@listSize price list, as the
          gateway would, and prints one JSON line: {"cost":N,"depth":D,"aliases":A,"tokens":T}.

            --schema FILE             the SDL with the price list (required)
            --query FILE              the document (required)
            --variables JSON|@FILE    the variables, as JSON or from a file (default {})
            --operation NAME          which operation, when the document has several
            --model book|apollo       the cost model (default book; docs/cost-model.md)
            --fragment-spreads first|each
                                      price a fragment at its first spread or at each
                                      (default: the model's own, first for book, each for apollo)
            -h, --help                this help

          Exit codes: 0 priced; 2 bad arguments, a file not found, a document that does not
          parse or validate, more than 5000 tokens, or several operations and no --operation.""";

  /**
   * @throws IllegalArgumentException naming the offending argument
   */
  static PriceArguments parse(String[] args) {
    Path schema = null;
    Path query = null;
    String variables = "{}";
    String operation = null;
    String model = "book";
    String fragmentSpreads = null;
    for (int i = 0; i < args.length; i += 2) {
      String value = value(args, i);
      switch (args[i]) {
        case "--schema" -> schema = Path.of(value);
        case "--query" -> query = Path.of(value);
        case "--variables" -> variables = value;
        case "--operation" -> operation = value;
        case "--model" -> model = model(value);
        case "--fragment-spreads" -> fragmentSpreads = fragmentSpreads(value);
        default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
      }
    }
    if (schema == null || query == null) {
      throw new IllegalArgumentException("--schema and --query are required");
    }
    return new PriceArguments(schema, query, variables, operation, model, fragmentSpreads);
  }

  private static String value(String[] args, int i) {
    if (i + 1 >= args.length) {
      throw new IllegalArgumentException(args[i] + " needs a value");
    }
    return args[i + 1];
  }

  private static String fragmentSpreads(String value) {
    if (!value.equals("first") && !value.equals("each")) {
      throw new IllegalArgumentException("--fragment-spreads must be first or each, not " + value);
    }
    return value;
  }

  private static String model(String value) {
    if (!value.equals("book") && !value.equals("apollo")) {
      throw new IllegalArgumentException("--model must be book or apollo, not " + value);
    }
    return value;
  }
}
