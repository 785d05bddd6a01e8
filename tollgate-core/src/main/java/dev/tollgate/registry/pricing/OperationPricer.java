package dev.tollgate.registry.pricing;

import dev.tollgate.registry.document.AliasCount;
import dev.tollgate.registry.document.FragmentShape;
import dev.tollgate.registry.document.OperationAliases;
import dev.tollgate.registry.document.ScannedText;
import dev.tollgate.registry.limit.Facts;
import dev.tollgate.registry.limit.Limit;
import graphql.language.Document;
import graphql.language.FragmentDefinition;
import graphql.language.OperationDefinition;
import graphql.schema.GraphQLSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The pricing engine's entry: parses a document under the token limit, validates it against the
 * schema, and compiles every operation's price with the schema's {@code @cost}/{@code @listSize}
 * price list under a {@link CostModel}. Pure: no I/O, no state beyond the schema and the model.
 */
public final class OperationPricer {

  private final GraphQLSchema schema;
  private final CostModel model;
  private final CachedPrices prices = new CachedPrices();
  private final PriceReader reader;

  public OperationPricer(GraphQLSchema schema, CostModel model) {
    this.schema = schema;
    this.model = model;
    this.reader = new PriceReader(schema, prices);
  }

  /**
   * Parses, validates and prices {@code text}, with a token limit only.
   *
   * @throws TokenLimitExceededException when the document has more tokens than {@code maxTokens}
   * @throws InvalidDocumentException on a syntax or validation error, or a document too deep or too
   *     large (after fragment expansion) to price
   */
  public AnalysedDocument analyse(String text, int maxTokens) {
    return analyse(text, DocumentLimits.tokens(maxTokens));
  }

  /**
   * Parses, validates and prices {@code text}. The limits are checked first and cheaply: tokens
   * before the parser runs, aliases on the parsed text before graphql-java's validation.
   *
   * @throws TokenLimitExceededException when the document has more tokens than the limit
   * @throws FragmentLimitExceededException when the fragments are over a bound of {@code limits}
   * @throws AliasLimitExceededException when every operation has more aliases than the limit
   * @throws InvalidDocumentException on a syntax or validation error, or a document too deep or too
   *     large (after fragment expansion) to price
   */
  public AnalysedDocument analyse(String text, DocumentLimits limits) {
    return analysed(DocumentReader.parse(scan(text, limits), limits.maxTokens()), limits);
  }

  /**
   * {@link #analyse(String, int)} for repricing a registered document under another schema: the
   * same prices, errors and exceptions, parsed without graphql-java's reader setup and without
   * source locations ({@link PlainParse}), which no price or message reads.
   */
  public AnalysedDocument reprice(String text, int maxTokens) {
    DocumentLimits limits = DocumentLimits.tokens(maxTokens);
    return analysed(DocumentReader.parsePlain(scan(text, limits), maxTokens), limits);
  }

  private AnalysedDocument analysed(DocumentReader.Parsed parsed, DocumentLimits limits) {
    try {
      Document document = parsed.document();
      Map<String, FragmentDefinition> fragments = fragments(document);
      StructureFacts structure = null;
      if (limits.boundsStructure()) {
        structure = new StructureFacts(parsed.tokens(), shape(document), RootFields.of(document));
        checkStructure(structure, limits);
      }
      List<OperationAliases> aliases = aliases(document, fragments);
      int maxAliases = maxAliases(limits);
      if (allOver(aliases, maxAliases)) {
        throw new AliasLimitExceededException(aliases, maxAliases, parsed.tokens());
      }
      DocumentReader.validate(schema, document);
      return new AnalysedDocument(
          parsed.tokens(), priceAll(document, fragments, aliases), structure);
    } catch (StackOverflowError e) {
      throw OperationWalker.invalid("Document is nested too deeply to validate and price.");
    }
  }

  /**
   * The one lexical pass before the parser: the token limit, and, under a limit on the structure or
   * the aliases, the fragment shape and alias counts read from the same tokens, which for a large
   * text cost far less than graphql-java's parser. A text the pass cannot read plainly is left to
   * the parser and the parsed document's count. The root fields are counted on the parsed document
   * only.
   */
  private static ScannedText scan(String text, DocumentLimits limits) {
    boolean countAliases = limits.boundsOperations();
    boolean readStructure = countAliases || limits.boundsStructure();
    ScannedText scanned = DocumentReader.scan(text, limits.maxTokens(), readStructure);
    FragmentShape shape = limits.boundsStructure() ? scanned.fragmentShape() : null;
    if (shape != null) {
      checkStructure(new StructureFacts(scanned.count(), shape, (int) Facts.NOT_MEASURED), limits);
    }
    List<OperationAliases> aliases = countAliases ? scanned.aliases() : null;
    int maxAliases = maxAliases(limits);
    if (aliases != null && allOver(aliases, maxAliases)) {
      throw new AliasLimitExceededException(aliases, maxAliases, scanned.count());
    }
    return scanned;
  }

  /** The alias limit, the one limit of the operation phase: checked on every operation's count. */
  private static int maxAliases(DocumentLimits limits) {
    return (int) Math.min(limits.max(Limit.ALIASES), Integer.MAX_VALUE);
  }

  /**
   * @throws FragmentLimitExceededException when {@code facts} breach a bound on the structure
   */
  private static void checkStructure(StructureFacts facts, DocumentLimits limits) {
    FragmentLimitExceededException breach = FragmentLimitExceededException.breach(facts, limits);
    if (breach != null) {
      throw breach;
    }
  }

  private static FragmentShape shape(Document document) {
    return FragmentShape.of(
        document.getDefinitionsOfType(OperationDefinition.class),
        document.getDefinitionsOfType(FragmentDefinition.class));
  }

  private static boolean allOver(List<OperationAliases> aliases, int maxAliases) {
    return !aliases.isEmpty() && aliases.stream().allMatch(o -> o.aliases() > maxAliases);
  }

  private static List<OperationAliases> aliases(
      Document document, Map<String, FragmentDefinition> fragments) {
    List<OperationAliases> aliases = new ArrayList<>();
    for (OperationDefinition operation : document.getDefinitionsOfType(OperationDefinition.class)) {
      aliases.add(new OperationAliases(operation.getName(), AliasCount.of(operation, fragments)));
    }
    return aliases;
  }

  private List<PricedOperation> priceAll(
      Document document,
      Map<String, FragmentDefinition> fragments,
      List<OperationAliases> aliases) {
    List<PricedOperation> operations = new ArrayList<>();
    for (OperationDefinition operation : document.getDefinitionsOfType(OperationDefinition.class)) {
      PriceCompiler.Result result =
          new PriceCompiler(schema, model, prices, fragments, Binder.SYMBOLIC).compile(operation);
      CompiledPrice price =
          new ExpressionPrice(
              schema,
              VariableSignature.of(schema, operation.getVariableDefinitions()),
              result.cost(),
              result.depth(),
              result.terms());
      operations.add(
          new PricedOperation(
              operation.getName(),
              kind(operation.getOperation()),
              price,
              aliases.get(operations.size()).aliases()));
    }
    return operations;
  }

  /**
   * The direct walk: prices one operation of an already analysed text with concrete variables,
   * without compiling an expression. The equivalence tests hold it equal to {@link
   * CompiledPrice#evaluate}.
   */
  Measure walk(String text, @Nullable String operationName, Map<String, @Nullable Object> raw) {
    Document document = DocumentReader.parse(text, Integer.MAX_VALUE).document();
    DocumentReader.validate(schema, document);
    OperationDefinition operation = operation(document, operationName);
    Map<String, @Nullable Object> vars =
        Variables.coerce(schema, operation.getVariableDefinitions(), raw);
    PriceCompiler compiler =
        new PriceCompiler(schema, model, prices, fragments(document), Binder.concrete(vars));
    PriceCompiler.Result result = compiler.compile(operation);
    return new ExpressionPrice(schema, List.of(), result.cost(), result.depth()).atDefaults();
  }

  /**
   * The actual-cost plan of one operation of an already validated {@code text}: compiled once (one
   * parse, no validation), then reused for every answer to it.
   *
   * @throws OperationNotFoundException when the name is unknown, or several operations and no name
   */
  public ActualCostPlan actualPlan(String text, @Nullable String operationName) {
    Document document = DocumentReader.parse(text, Integer.MAX_VALUE).document();
    OperationDefinition operation = operation(document, operationName);
    return new ActualPlanCompiler(schema, model, prices, fragments(document)).compile(operation);
  }

  private static OperationDefinition operation(Document document, @Nullable String name) {
    return OperationSelection.select(
        document.getDefinitionsOfType(OperationDefinition.class),
        OperationDefinition::getName,
        name);
  }

  private static Map<String, FragmentDefinition> fragments(Document document) {
    Map<String, FragmentDefinition> fragments = new HashMap<>();
    for (FragmentDefinition fragment : document.getDefinitionsOfType(FragmentDefinition.class)) {
      fragments.put(fragment.getName(), fragment);
    }
    return fragments;
  }

  private static OperationKind kind(OperationDefinition.Operation operation) {
    return switch (operation) {
      case QUERY -> OperationKind.QUERY;
      case MUTATION -> OperationKind.MUTATION;
      case SUBSCRIPTION -> OperationKind.SUBSCRIPTION;
    };
  }

  /**
   * Reads a stored {@link CompiledPrice#serialize()} form back, bound to this pricer's schema.
   *
   * @throws IllegalArgumentException when the text is not a price this version can read
   */
  public CompiledPrice restore(String serialized) {
    return reader.restore(serialized);
  }

  /**
   * The cost expression of a stored price as a person reads it ({@link CompiledPrice#costText}),
   * read without restoring the whole price (no variable definitions parsed): for impact reports.
   *
   * @throws IllegalArgumentException when the text is not a price this version can read
   */
  public String costText(String serialized) {
    return reader.costText(serialized);
  }

  public GraphQLSchema schema() {
    return schema;
  }

  public CostModel model() {
    return model;
  }
}
