package dev.tollgate.registry.config;

import dev.tollgate.registry.demo.DemoService;
import dev.tollgate.registry.document.DocumentHash;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import graphql.schema.idl.errors.SchemaProblem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * The active schema: its SDL text (the price list is its {@code @cost}/{@code @listSize}
 * directives), the schema built from it, and its fingerprint (SHA-256 of the text), which is stored
 * with every price computed against it.
 */
public record SchemaSource(String text, GraphQLSchema schema, String fingerprint) {

  /** The bundled cargo demo schema (the book's, with its price list). */
  public static final String DEMO_RESOURCE = DemoService.SCHEMA_RESOURCE;

  /**
   * Loads the SDL at {@code path}, or the bundled demo schema when {@code path} is null.
   *
   * @throws ConfigException when the file cannot be read or is not a valid schema
   */
  public static SchemaSource load(@Nullable Path path) {
    String text = path == null ? bundledDemo() : read(path);
    return of(text, path == null ? "bundled cargo schema" : path.toString());
  }

  static SchemaSource of(String text, String origin) {
    try {
      GraphQLSchema schema =
          UnExecutableSchemaGenerator.makeUnExecutableSchema(new SchemaParser().parse(text));
      return new SchemaSource(text, schema, DocumentHash.of(text).hex());
    } catch (SchemaProblem e) {
      throw new ConfigException("schema " + origin + " is invalid: " + e.getMessage(), e);
    }
  }

  private static String read(Path path) {
    try {
      return Files.readString(path);
    } catch (NoSuchFileException e) {
      throw new ConfigException("schema file not found: " + path.toAbsolutePath(), e);
    } catch (IOException e) {
      throw new ConfigException("cannot read schema file " + path + ": " + e.getMessage(), e);
    }
  }

  private static String bundledDemo() {
    try (InputStream in = SchemaSource.class.getResourceAsStream(DEMO_RESOURCE)) {
      if (in == null) {
        throw new ConfigException("bundled schema " + DEMO_RESOURCE + " is missing from the jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ConfigException("cannot read bundled schema: " + e.getMessage(), e);
    }
  }
}
