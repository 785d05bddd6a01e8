package dev.tollgate.registry.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricing.AnalysedDocument;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import dev.tollgate.registry.pricing.InvalidDocumentException;
import dev.tollgate.registry.pricing.Measure;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.PricedOperation;
import dev.tollgate.registry.pricing.PricingException;
import graphql.GraphQLException;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * {@code price}: prices one document from the command line and prints {@code
 * {"cost":N,"depth":D,"aliases":A,"tokens":T}}. Exit 0 when priced; 2 for bad arguments, an
 * unreadable file, a document that does not parse or validate, more tokens than the book's limit
 * ({@link Limits#BOOK}), or an operation that cannot be chosen.
 */
public final class PriceCommand {

  /** The book's token limit, as the gateway applies it. */
  static final int MAX_TOKENS = Limits.BOOK.tokens();

  private static final ObjectMapper JSON = new ObjectMapper();

  private PriceCommand() {}

  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
      out.println(PriceArguments.HELP);
      return 0;
    }
    PriceArguments arguments;
    try {
      arguments = PriceArguments.parse(args);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      err.println(PriceArguments.USAGE);
      return 2;
    }
    try {
      out.println(price(arguments));
      return 0;
    } catch (InvalidDocumentException e) {
      e.errors().forEach(err::println);
      return 2;
    } catch (NoSuchFileException e) {
      err.println("not found: " + e.getFile());
      return 2;
    } catch (PricingException | IOException | GraphQLException | IllegalArgumentException e) {
      err.println(e.getMessage());
      return 2;
    }
  }

  private static String price(PriceArguments arguments) throws IOException {
    GraphQLSchema schema = schema(arguments.schema());
    CostModel model = model(arguments);
    String query = Files.readString(arguments.query());
    AnalysedDocument document = new OperationPricer(schema, model).analyse(query, MAX_TOKENS);
    PricedOperation operation = choose(document, arguments.operation());
    Measure measure = operation.price().evaluate(variables(arguments.variables()));
    return "{\"cost\":"
        + measure.cost()
        + ",\"depth\":"
        + measure.depth()
        + ",\"aliases\":"
        + operation.aliases()
        + ",\"tokens\":"
        + document.tokens()
        + "}";
  }

  /** The preset, with the server's default for fragment spreads: the preset's own. */
  static CostModel model(PriceArguments arguments) {
    CostModel model = CostModel.of(CostPreset.valueOf(arguments.model().toUpperCase(Locale.ROOT)));
    String spreads = arguments.fragmentSpreads();
    if (spreads == null) {
      return model;
    }
    return model.withFragmentSpreads(FragmentSpreads.valueOf(spreads.toUpperCase(Locale.ROOT)));
  }

  private static PricedOperation choose(AnalysedDocument document, @Nullable String name) {
    if (name == null && document.operations().size() > 1) {
      throw new IllegalArgumentException(
          "the document has "
              + document.operations().size()
              + " operations ("
              + String.join(", ", document.names())
              + "): choose one with --operation NAME");
    }
    return document.select(name);
  }

  private static GraphQLSchema schema(Path file) throws IOException {
    return UnExecutableSchemaGenerator.makeUnExecutableSchema(
        new SchemaParser().parse(Files.readString(file)));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, @Nullable Object> variables(String text) throws IOException {
    String json = text.startsWith("@") ? Files.readString(Path.of(text.substring(1))) : text;
    try {
      Object value = JSON.readValue(json, Object.class);
      if (!(value instanceof Map<?, ?>)) {
        throw new IllegalArgumentException("--variables must be a JSON object");
      }
      return (Map<String, @Nullable Object>) value;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("--variables is not JSON: " + e.getOriginalMessage());
    }
  }
}
