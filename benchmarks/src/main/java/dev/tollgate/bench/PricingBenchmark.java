package dev.tollgate.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.config.SchemaSource;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.Measure;
import dev.tollgate.registry.pricing.OperationPricer;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The admission hot path against the open-mode path (README benchmark targets): evaluating a
 * compiled price with the request's raw variables, against parsing, validating and pricing the same
 * text. Fixture texts are copies of registry-server's test fixtures (resources/pricing).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PricingBenchmark {

  @Param({"s000-03-four-cargo-query", "s000-01-chapter1-nested", "s000-27-variable-n50"})
  public String fixture;

  private OperationPricer pricer;
  private String query;
  private Map<String, Object> variables;
  private CompiledPrice price;

  @Setup
  public void setUp() throws IOException {
    var schema =
        UnExecutableSchemaGenerator.makeUnExecutableSchema(
            new SchemaParser().parse(resource(SchemaSource.DEMO_RESOURCE)));
    pricer = new OperationPricer(schema, CostModel.book());
    query = resource(fixture + "/query.graphql");
    variables = variables(fixture + "/variables.json");
    price = pricer.analyse(query, 5000).select(null).price();
  }

  @Benchmark
  public Measure evaluateCompiledPrice() {
    return price.evaluate(variables);
  }

  @Benchmark
  public Measure parseValidateAndPrice() {
    return pricer.analyse(query, 5000).select(null).price().evaluate(variables);
  }

  /** A resource of {@code /pricing/}, or an absolute one (the cargo schema is the server's). */
  private static String resource(String name) throws IOException {
    try (InputStream in =
        PricingBenchmark.class.getResourceAsStream(
            name.startsWith("/") ? name : "/pricing/" + name)) {
      if (in == null) {
        throw new IOException("missing benchmark resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> variables(String name) throws IOException {
    try (InputStream in = PricingBenchmark.class.getResourceAsStream("/pricing/" + name)) {
      return in == null ? Map.of() : new ObjectMapper().readValue(in, Map.class);
    }
  }
}
