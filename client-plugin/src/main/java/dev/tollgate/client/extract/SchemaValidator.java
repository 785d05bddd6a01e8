package dev.tollgate.client.extract;

import graphql.GraphQLError;
import graphql.ParseAndValidate;
import graphql.language.Document;
import graphql.language.SourceLocation;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.TypeDefinitionRegistry;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import graphql.schema.idl.errors.SchemaProblem;
import graphql.validation.ValidationError;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** Validates operations against a schema file, as the registry will, before anything is sent. */
final class SchemaValidator {

  private final GraphQLSchema schema;

  private SchemaValidator(GraphQLSchema schema) {
    this.schema = schema;
  }

  /** Loads the schema; its own errors are reported against the schema file. */
  static SchemaValidator load(SourceFile file) {
    Problems problems = new Problems();
    if (!Files.isRegularFile(file.path())) {
      problems.add(new ExtractionProblem(file.displayName(), 0, "no such schema file"));
      throw problems.toException();
    }
    try {
      TypeDefinitionRegistry types =
          new SchemaParser().parse(GraphqlParsing.reader(file), GraphqlParsing.OPTIONS);
      return new SchemaValidator(UnExecutableSchemaGenerator.makeUnExecutableSchema(types));
    } catch (SchemaProblem e) {
      addAll(problems, e.getErrors(), file.displayName(), "schema: ");
      if (problems.isEmpty()) {
        problems.add(new ExtractionProblem(file.displayName(), 0, "schema: " + e.getMessage()));
      }
      throw problems.toException();
    }
  }

  /** Adds to {@code problems} every validation error of {@code document} (one operation). */
  void validate(Document document, String fallbackFile, Problems problems) {
    List<ValidationError> errors = ParseAndValidate.validate(schema, document, Locale.ENGLISH);
    for (ValidationError error : errors) {
      add(problems, error.getLocations(), error.getDescription(), fallbackFile, "");
    }
  }

  private static void addAll(
      Problems problems, List<GraphQLError> errors, String file, String prefix) {
    for (GraphQLError error : errors) {
      add(problems, error.getLocations(), error.getMessage(), file, prefix);
    }
  }

  private static void add(
      Problems problems,
      @Nullable List<SourceLocation> locations,
      String message,
      String fallbackFile,
      String prefix) {
    SourceLocation first = locations == null || locations.isEmpty() ? null : locations.get(0);
    problems.at(first, prefix + message, fallbackFile);
  }
}
