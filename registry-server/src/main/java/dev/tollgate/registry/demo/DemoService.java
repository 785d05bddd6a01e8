package dev.tollgate.registry.demo;

import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.upstream.Upstream;
import dev.tollgate.registry.upstream.UpstreamException;
import dev.tollgate.registry.upstream.UpstreamResponse;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.execution.AsyncExecutionStrategy;
import graphql.execution.AsyncSerialExecutionStrategy;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.TypeDefinitionRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The bundled demo upstream: the cargo schema ({@code cargo.graphqls} on the classpath) executed
 * in-process over in-memory data. Each distinct query text is parsed and validated once (a cache
 * bounded by bytes), and execution is synchronous. Thread-safe; one instance serves the whole
 * gateway.
 */
public final class DemoService implements Upstream {

  /** The bundled cargo demo schema (the book's, with its price list). */
  public static final String SCHEMA_RESOURCE = "/dev/tollgate/registry/demo/cargo.graphqls";

  /** 8 MiB of parsed documents, weighed by their texts. */
  private static final long DEFAULT_PARSE_CACHE_BYTES = 8L << 20;

  private final GraphQLSchema schema;
  private final GraphQL graphQL;
  private final ParsedDocumentCache documents;

  /** A demo over the seed data, caching up to 8 MiB of parsed documents. */
  public DemoService() {
    this(DemoData.seeded(), DEFAULT_PARSE_CACHE_BYTES);
  }

  DemoService(DemoData data, long parseCacheBytes) {
    this.schema =
        new SchemaGenerator()
            .makeExecutableSchema(typeDefinitions(), new DemoWiring(data).runtimeWiring());
    this.documents = new ParsedDocumentCache(parseCacheBytes);
    DemoErrors errors = new DemoErrors();
    this.graphQL =
        GraphQL.newGraphQL(schema)
            .queryExecutionStrategy(new AsyncExecutionStrategy(errors))
            .mutationExecutionStrategy(new AsyncSerialExecutionStrategy(errors))
            .preparsedDocumentProvider(documents)
            .build();
  }

  /**
   * Runs one operation and answers 200 with the GraphQL response, errors included.
   *
   * @throws UpstreamException when execution itself fails (not a GraphQL error: a bug)
   */
  @Override
  public UpstreamResponse execute(UpstreamRequest request) {
    ExecutionInput.Builder input =
        ExecutionInput.newExecutionInput().query(request.query()).variables(request.variables());
    if (request.operationName() != null) {
      input.operationName(request.operationName());
    }
    try {
      ExecutionResult result = graphQL.execute(input.build());
      return new UpstreamResponse(200, result.toSpecification());
    } catch (RuntimeException e) {
      throw new UpstreamException("demo service failed: " + e.getMessage(), e);
    }
  }

  /** The executable cargo schema this service runs. */
  public GraphQLSchema schema() {
    return schema;
  }

  /** How many documents were parsed and validated (cache misses). */
  long documentsParsed() {
    return documents.stats().missCount();
  }

  static TypeDefinitionRegistry typeDefinitions() {
    try (InputStream sdl = DemoService.class.getResourceAsStream(SCHEMA_RESOURCE)) {
      Objects.requireNonNull(sdl, "demo schema missing from the classpath: " + SCHEMA_RESOURCE);
      return new SchemaParser().parse(new String(sdl.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the demo schema " + SCHEMA_RESOURCE, e);
    }
  }
}
