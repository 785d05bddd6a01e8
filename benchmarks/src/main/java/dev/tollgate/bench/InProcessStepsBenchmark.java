package dev.tollgate.bench;

import dev.tollgate.registry.document.DocumentHash;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.execution.instrumentation.Instrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What Tollgate's hooks add to one registered request, without the execution both sides share: the
 * {@code PreparsedDocumentProvider} (the caller, the decision on the id, the budget charge, the
 * parsed document from its cache) and the {@code Instrumentation}'s end (the actual cost measured
 * on the result, the settlement, {@code extensions.cost} and {@code extensions.rateLimit}), called
 * as graphql-java calls them. {@code inputOnly} builds the same execution input and nothing else,
 * so {@code hooks − inputOnly} is the added CPU; the end-to-end {@link InProcessBenchmark} compares
 * the same at ±µs resolution only.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar InProcessStepsBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class InProcessStepsBenchmark {

  @Param({"four-cargo", "variables"})
  public String query;

  private InProcessApps apps;
  private String hash;
  private Map<String, @Nullable Object> variables;
  private PreparsedDocumentProvider provider;
  private Instrumentation instrumentation;
  private ExecutionResult result;

  /** Admitted documents come from Tollgate's cache: graphql-java's parse is never called here. */
  private static final Function<ExecutionInput, PreparsedDocumentEntry> NO_PARSE =
      input -> {
        throw new IllegalStateException("the admitted document was not cached");
      };

  @Setup
  public void setUp() {
    BenchCase bench = BenchCase.named(query);
    variables = bench.variables();
    apps = new InProcessApps(List.of(bench.text()));
    hash = DocumentHash.of(bench.text()).hex();
    provider = apps.hooks.preparsedDocumentProvider();
    instrumentation = apps.hooks.instrumentation();
    // the real execution's result, as the instrumentation receives it (its parse cached on the way)
    result =
        InProcessApps.requireData(
            "tollgate",
            apps.tollgate.execute(
                InProcessApps.byHash(hash, variables, InProcessApps.TRUSTED_KEY)));
    ExecutionResult answered = hooks();
    if (!answered.getExtensions().containsKey("cost")) {
      throw new IllegalStateException("no extensions.cost: " + answered.getExtensions());
    }
  }

  /** The execution input of a request by hash, as the HTTP layer builds it: the baseline. */
  @Benchmark
  public ExecutionInput inputOnly() {
    return InProcessApps.byHash(hash, variables, InProcessApps.TRUSTED_KEY);
  }

  /** The same input, then Tollgate's provider and its instrumentation's end over the result. */
  @Benchmark
  public ExecutionResult hooks() {
    ExecutionInput input = InProcessApps.byHash(hash, variables, InProcessApps.TRUSTED_KEY);
    provider.getDocumentAsync(input, NO_PARSE).join();
    return instrumentation
        .instrumentExecutionResult(
            result, new InstrumentationExecutionParameters(input, apps.schema), null)
        .join();
  }
}
