package dev.tollgate.spring;

import dev.tollgate.graphqljava.TollgateGraphQL;
import graphql.GraphQL;
import graphql.execution.instrumentation.ChainedInstrumentation;
import graphql.execution.instrumentation.Instrumentation;
import graphql.execution.preparsed.NoOpPreparsedDocumentProvider;
import graphql.schema.GraphQLSchema;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Installs Tollgate's hooks into the {@code GraphQL} instance Spring for GraphQL builds, and holds
 * the {@link TollgateGraphQL} made for it. Tollgate prices against the executable schema, which
 * exists only once Spring has built it: so the hooks are made inside {@code
 * GraphQlSource.Builder.configureGraphQl}, from the schema of the {@code GraphQL.Builder} at hand,
 * and the application's own instrumentation is kept, chained after Tollgate's.
 */
public final class TollgateHooks {

  private final Function<GraphQLSchema, TollgateGraphQL> factory;
  private volatile @Nullable TollgateGraphQL tollgate;

  TollgateHooks(Function<GraphQLSchema, TollgateGraphQL> factory) {
    this.factory = factory;
  }

  /** The Tollgate installed in the application's {@code GraphQL}. */
  public TollgateGraphQL tollgate() {
    TollgateGraphQL installed = tollgate;
    if (installed == null) {
      throw new IllegalStateException("tollgate: the GraphQL instance has not been built yet");
    }
    return installed;
  }

  /** Reloads the registered documents; after a publication or a retirement. */
  public void refresh() {
    tollgate().refresh();
  }

  /**
   * Installs the provider and the instrumentation into {@code builder}.
   *
   * @throws TollgateConfigurationException when the application installs a {@code
   *     PreparsedDocumentProvider} of its own: Tollgate's resolves the ids, and there is one
   */
  void install(GraphQL.Builder builder) {
    GraphQL built = builder.build();
    if (!(built.getPreparsedDocumentProvider() instanceof NoOpPreparsedDocumentProvider)) {
      throw new TollgateConfigurationException(
          "tollgate: the application installs its own PreparsedDocumentProvider ("
              + built.getPreparsedDocumentProvider().getClass().getName()
              + "); Tollgate's resolves the document ids and must be the only one");
    }
    TollgateGraphQL made = factory.apply(built.getGraphQLSchema());
    builder.preparsedDocumentProvider(made.preparsedDocumentProvider());
    Instrumentation own = built.getInstrumentation();
    builder.instrumentation(
        own == null
            ? made.instrumentation()
            : new ChainedInstrumentation(List.of(made.instrumentation(), own)));
    this.tollgate = made;
  }
}
