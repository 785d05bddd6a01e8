package dev.tollgate.bench;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.graphqljava.CallerResolver;
import dev.tollgate.graphqljava.TollgateGraphQL;
import dev.tollgate.registry.demo.DemoService;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.analysis.MaxQueryComplexityInstrumentation;
import graphql.analysis.MaxQueryDepthInstrumentation;
import graphql.execution.instrumentation.ChainedInstrumentation;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import graphql.execution.preparsed.persisted.ApolloPersistedQuerySupport;
import graphql.execution.preparsed.persisted.InMemoryPersistedQueryCache;
import graphql.schema.GraphQLSchema;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One graphql-java application (the demo cargo schema executed over the demo's in-memory data, as
 * the gateway's in-process demo upstream runs it), built four ways over the same executable schema:
 *
 * <ul>
 *   <li>{@link #bare}: no admission and no document cache, as a Spring for GraphQL application
 *       configures graphql-java by default: every request is parsed and validated;
 *   <li>{@link #cached}: no admission, parsed documents cached by text (the cheapest a graphql-java
 *       server can be);
 *   <li>{@link #stock}: graphql-java's own protection: {@code ApolloPersistedQuerySupport} over an
 *       {@code InMemoryPersistedQueryCache} holding the registered texts, with {@code
 *       MaxQueryComplexityInstrumentation} and {@code MaxQueryDepthInstrumentation};
 *   <li>{@link #tollgate}: Tollgate's hooks ({@code tollgate-graphql-java}), the documents
 *       registered and priced as registration does.
 * </ul>
 */
final class InProcessApps {

  static final String APP = InProcessGateway.APP;
  static final String TRUSTED_KEY = "web-key";
  static final String OPEN_KEY = "partner-key";
  static final String POOR_KEY = "poor-key";

  /** The complexity graphql-java counts (1 per field) allowed: the book's 10,000 cost limit. */
  static final int MAX_COMPLEXITY = 10_000;

  /** The book's depth limit. */
  static final int MAX_DEPTH = 10;

  final GraphQLSchema schema = new DemoService().schema();
  final GraphQL bare;
  final GraphQL cached;
  final GraphQL stock;
  final GraphQL tollgate;

  /**
   * graphql-java's floor for a refusal: a provider that answers every request with one error at
   * once, as any admission layer must, so no data fetcher runs. What it costs is {@code execute}'s
   * own shell (the execution input, the context, the result), not any check.
   */
  final GraphQL floor;

  final TollgateGraphQL hooks;
  private final InProcessGateway registry = new InProcessGateway();
  private final Map<Object, String> known;

  /** The applications, with {@code texts} registered for app {@link #APP}. */
  InProcessApps(List<String> texts) {
    known = new java.util.HashMap<>();
    for (String text : texts) {
      DocumentHash hash = registry.register(text);
      known.put(hash.hex(), text);
    }
    registry.open();
    bare = GraphQL.newGraphQL(schema).build();
    cached = GraphQL.newGraphQL(schema).preparsedDocumentProvider(new TextCache()).build();
    stock =
        GraphQL.newGraphQL(schema)
            .preparsedDocumentProvider(
                new ApolloPersistedQuerySupport(new InMemoryPersistedQueryCache(known)))
            .instrumentation(
                new ChainedInstrumentation(
                    new MaxQueryComplexityInstrumentation(MAX_COMPLEXITY),
                    new MaxQueryDepthInstrumentation(MAX_DEPTH)))
            .build();
    hooks =
        TollgateGraphQL.newTollgate(schema, registry.registry)
            .key(TRUSTED_KEY, InProcessGateway.CALLER)
            .key(
                OPEN_KEY,
                KeyPolicy.newPolicy("partner")
                    .mode(KeyPolicy.Mode.OPEN)
                    .apps(Set.of("*"))
                    .budget(new Budget(1L << 60, 1e15))
                    .build())
            .key(
                POOR_KEY,
                // 20 units, never refilled: the first `variables` request (19) leaves 1
                KeyPolicy.newPolicy("poor").apps(Set.of(APP)).budget(new Budget(20, 0)).build())
            .build();
    tollgate =
        GraphQL.newGraphQL(schema)
            .preparsedDocumentProvider(hooks.preparsedDocumentProvider())
            .instrumentation(hooks.instrumentation())
            .build();
    floor = GraphQL.newGraphQL(schema).preparsedDocumentProvider(new RefuseAll()).build();
  }

  /** A request by text. */
  static ExecutionInput text(String query, Map<String, @Nullable Object> variables) {
    return ExecutionInput.newExecutionInput(query).variables(variables).build();
  }

  /** An APQ-style request by hash (no text), as Apollo Client sends it, from {@code key}. */
  static ExecutionInput byHash(
      String hash, Map<String, @Nullable Object> variables, @Nullable String key) {
    ExecutionInput.Builder builder =
        ExecutionInput.newExecutionInput(ExecutionInput.PERSISTED_QUERY_MARKER)
            .variables(variables)
            .extensions(
                Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", (Object) hash)));
    if (key != null) {
      builder.graphQLContext(Map.of(CallerResolver.API_KEY, key));
    }
    return builder.build();
  }

  /** A text request from {@code key}. */
  static ExecutionInput textFrom(
      String query, Map<String, @Nullable Object> variables, String key) {
    return ExecutionInput.newExecutionInput(query)
        .variables(variables)
        .graphQLContext(Map.of(CallerResolver.API_KEY, key))
        .build();
  }

  /**
   * Fails the benchmark's setup unless {@code result} has data (the demo's data answers some fields
   * with an error on purpose, so errors beside data are expected).
   */
  static ExecutionResult requireData(String what, ExecutionResult result) {
    if (result.getData() == null) {
      throw new IllegalStateException(what + ": expected data, got " + result.toSpecification());
    }
    return result;
  }

  /** Fails the benchmark's setup unless {@code result} is refused (errors, no data). */
  static ExecutionResult requireRefused(String what, ExecutionResult result) {
    if (result.getErrors().isEmpty() || result.getData() != null) {
      throw new IllegalStateException(
          what + ": expected a refusal, got " + result.toSpecification());
    }
    return result;
  }

  /** Refuses every request with one error, before parsing: {@link #floor}. */
  private static final class RefuseAll implements PreparsedDocumentProvider {
    private static final PreparsedDocumentEntry REFUSED =
        new PreparsedDocumentEntry(
            graphql.GraphqlErrorBuilder.newError().message("refused").build());

    @Override
    public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(
        ExecutionInput input, Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
      return CompletableFuture.completedFuture(REFUSED);
    }
  }

  /** graphql-java's parse and validation, cached by text, no bound (the benchmark's texts only). */
  private static final class TextCache implements PreparsedDocumentProvider {
    private final Cache<String, PreparsedDocumentEntry> entries =
        Caffeine.newBuilder().maximumSize(1_000).build();

    @Override
    public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(
        ExecutionInput input, Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
      return CompletableFuture.completedFuture(
          entries.get(input.getQuery(), text -> parseAndValidate.apply(input)));
    }
  }
}
