package dev.tollgate.graphqljava;

import graphql.Scalars;
import graphql.schema.DataFetcher;
import graphql.schema.GraphQLSchema;
import graphql.schema.PropertyDataFetcher;
import graphql.schema.idl.FieldWiringEnvironment;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.WiringFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The demo cargo schema (the server's {@code demo/cargo.graphqls}, from the core's test jar) made
 * executable over three in-memory cargos. Every data fetcher, the property fetchers included,
 * counts its calls.
 */
final class CargoGraph {

  static final int CARGOS = 3;

  private final AtomicInteger fetches = new AtomicInteger();
  private final GraphQLSchema schema;

  CargoGraph() {
    this.schema =
        new SchemaGenerator()
            .makeExecutableSchema(
                new SchemaParser().parse(sdl()),
                RuntimeWiring.newRuntimeWiring()
                    .wiringFactory(new CountingProperties())
                    .scalar(Scalars.GraphQLString.transform(b -> b.name("DateTime")))
                    .type("Query", type -> type.dataFetcher("cargos", counted(env -> page())))
                    .type("Query", type -> type.dataFetcher("cargo", counted(env -> cargo(1))))
                    .type(
                        "Node",
                        type -> type.typeResolver(env -> env.getSchema().getObjectType("Cargo")))
                    .build());
  }

  GraphQLSchema schema() {
    return schema;
  }

  /** Calls of every data fetcher so far. */
  int fetches() {
    return fetches.get();
  }

  private DataFetcher<?> counted(DataFetcher<?> fetcher) {
    return env -> {
      fetches.incrementAndGet();
      return fetcher.get(env);
    };
  }

  /** Every page holds the three cargos, whatever {@code first} asks for. */
  private static Map<String, Object> page() {
    List<Object> edges = new ArrayList<>();
    for (int i = 1; i <= CARGOS; i++) {
      edges.add(Map.of("cursor", "c" + i, "node", cargo(i)));
    }
    return Map.of(
        "edges", edges, "pageInfo", Map.of("hasNextPage", false, "hasPreviousPage", false));
  }

  private static Map<String, Object> cargo(int i) {
    Map<String, Object> cargo = new LinkedHashMap<>();
    cargo.put("id", "cargo_" + i);
    cargo.put("trackingId", "T" + i);
    cargo.put("origin", Map.of("id", "loc_1", "code", "SESTO", "name", "Stockholm"));
    cargo.put("destination", Map.of("id", "loc_2", "code", "CNHKG", "name", "Hong Kong"));
    return cargo;
  }

  /** The demo cargo schema's SDL, as the registry publishes it. */
  static String sdl() {
    try (InputStream in =
        CargoGraph.class.getResourceAsStream("/dev/tollgate/registry/demo/cargo.graphqls")) {
      if (in == null) {
        throw new IllegalStateException("cargo.graphqls is not on the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The default fetcher of every field without its own: a property fetcher that counts. */
  private final class CountingProperties implements WiringFactory {
    @Override
    public DataFetcher<?> getDefaultDataFetcher(FieldWiringEnvironment environment) {
      return counted(PropertyDataFetcher.fetching(environment.getFieldDefinition().getName()));
    }
  }
}
