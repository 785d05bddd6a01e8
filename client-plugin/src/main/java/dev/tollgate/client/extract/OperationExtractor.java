package dev.tollgate.client.extract;

import dev.tollgate.client.manifest.Manifest;
import dev.tollgate.client.manifest.ManifestOperation;
import graphql.language.AstPrinter;
import graphql.language.Definition;
import graphql.language.Document;
import graphql.language.FragmentDefinition;
import graphql.language.OperationDefinition;
import graphql.language.SourceLocation;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;
import graphql.parser.ParserEnvironment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Turns the GraphQL files below some folders into a manifest: each named operation becomes one
 * entry whose body is the operation followed by every fragment it uses (transitively, sorted by
 * name), printed by graphql-java's {@link AstPrinter}; its id is the SHA-256 hex of that body.
 */
public final class OperationExtractor {

  private OperationExtractor() {}

  /**
   * Extracts the manifest.
   *
   * @param sourceDirectories folders to scan; missing ones are skipped
   * @param schema a schema file to validate every operation against, or {@code null}
   * @param baseDirectory file names in problems are shown relative to it
   * @throws ExtractionException listing every problem with its file and line: syntax errors,
   *     anonymous operations, duplicate operation or fragment names, undefined fragments, and (with
   *     a schema) validation errors
   */
  public static Manifest extract(
      List<Path> sourceDirectories, @Nullable Path schema, Path baseDirectory) {
    List<SourceFile> files = SourceScanner.scan(sourceDirectories, baseDirectory);
    SchemaValidator validator =
        schema == null ? null : SchemaValidator.load(SourceFile.of(schema, baseDirectory));
    Problems problems = new Problems();
    DefinitionIndex index = new DefinitionIndex(problems);
    for (SourceFile file : files) {
      parse(file, problems, index);
    }
    problems.throwIfAny();
    List<ManifestOperation> operations = new ArrayList<>();
    for (OperationDefinition operation : index.operations()) {
      operations.add(entry(operation, index, validator, problems));
    }
    problems.throwIfAny();
    return new Manifest(operations);
  }

  private static void parse(SourceFile file, Problems problems, DefinitionIndex index) {
    ParserEnvironment environment =
        ParserEnvironment.newParserEnvironment()
            .document(GraphqlParsing.reader(file))
            .parserOptions(GraphqlParsing.OPTIONS)
            .build();
    try {
      index.add(new Parser().parseDocument(environment));
    } catch (InvalidSyntaxException e) {
      problems.at(e.getLocation(), syntaxMessage(e), file.displayName());
    }
  }

  private static String syntaxMessage(InvalidSyntaxException e) {
    String token = e.getOffendingToken();
    return token == null ? "syntax error" : "syntax error at '" + token + "'";
  }

  private static ManifestOperation entry(
      OperationDefinition operation,
      DefinitionIndex index,
      @Nullable SchemaValidator validator,
      Problems problems) {
    List<FragmentDefinition> fragments = FragmentClosure.of(operation, index.fragments(), problems);
    List<Definition> definitions = new ArrayList<>();
    definitions.add(operation);
    definitions.addAll(fragments);
    Document document = Document.newDocument().definitions(definitions).build();
    if (validator != null) {
      validator.validate(document, sourceName(operation), problems);
    }
    String body = AstPrinter.printAst(document);
    String name =
        Objects.requireNonNull(operation.getName(), "the index holds named operations only");
    return new ManifestOperation(sha256Hex(body), name, DefinitionIndex.typeOf(operation), body);
  }

  private static String sourceName(OperationDefinition operation) {
    SourceLocation location = operation.getSourceLocation();
    String name = location == null ? null : location.getSourceName();
    return name == null ? "?" : name;
  }

  /**
   * Lowercase hex SHA-256 of the UTF-8 bytes of {@code text}: a document's id; the module's one
   * digest.
   */
  private static String sha256Hex(String text) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
