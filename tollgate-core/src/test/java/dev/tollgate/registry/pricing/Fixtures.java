package dev.tollgate.registry.pricing;

import com.fasterxml.jackson.databind.ObjectMapper;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/** The shared fixtures (src/test/resources/fixtures): schemas and the book's and Apollo's cases. */
public final class Fixtures {

  public static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, GraphQLSchema> SCHEMAS = new ConcurrentHashMap<>();

  private Fixtures() {}

  public static GraphQLSchema schema(String file) {
    return SCHEMAS.computeIfAbsent(file, name -> parseSchema(read(schemaFile(name))));
  }

  /**
   * A schema of {@code fixtures/}, or one the server ships ({@code cargo.graphqls}, kept once in
   * main).
   */
  static Path schemaFile(String name) {
    Path fixture = root().resolve(name);
    return Files.exists(fixture) ? fixture : path("/dev/tollgate/registry/demo/" + name);
  }

  public static GraphQLSchema parseSchema(String sdl) {
    return UnExecutableSchemaGenerator.makeUnExecutableSchema(new SchemaParser().parse(sdl));
  }

  public static OperationPricer pricer(String schemaFile, CostModel model) {
    return new OperationPricer(schema(schemaFile), model);
  }

  public static Path root() {
    return path("/fixtures");
  }

  private static Path path(String resource) {
    try {
      return Path.of(Fixtures.class.getResource(resource).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public static List<Path> cases() {
    try (Stream<Path> dirs = Files.list(root().resolve("cases"))) {
      return dirs.filter(Files::isDirectory).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  public static Map<String, Object> json(String text) {
    try {
      return JSON.readValue(text, Map.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One case folder: its query, variables (empty when none) and expected numbers. */
  public record Case(
      String name, String query, Map<String, Object> variables, Map<String, Object> expected) {

    static Case load(Path dir) {
      Path variables = dir.resolve("variables.json");
      return new Case(
          dir.getFileName().toString(),
          read(dir.resolve("query.graphql")),
          Files.exists(variables) ? json(read(variables)) : Map.of(),
          json(read(dir.resolve("expected.json"))));
    }

    CostModel model() {
      return "apollo".equals(expected.get("model")) ? CostModel.apollo() : CostModel.book();
    }

    OperationPricer pricer() {
      return Fixtures.pricer((String) expected.get("schema"), model());
    }

    String operation() {
      return (String) expected.get("operation");
    }

    @Override
    public String toString() {
      return name;
    }
  }
}
