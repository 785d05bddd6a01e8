package dev.tollgate.bench;

import dev.tollgate.registry.document.DocumentHash;
import graphql.ExecutionResult;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
 * Issue 25's in-process figures: one registered operation executed by one graphql-java application
 * ({@link InProcessApps}) with no admission, with graphql-java's own protection, and with
 * Tollgate's hooks; and the refusals (an unknown id, an exhausted budget), which run no data
 * fetcher, against graphql-java's own floor for any refusal ({@link InProcessApps#floor}).
 * Single-threaded, so the average time is the CPU one execution costs. {@link
 * InProcessStepsBenchmark} times Tollgate's own steps alone.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar InProcessBenchmark} (about 4 minutes).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 5, time = 1)
public class InProcessBenchmark {

  @Param({"four-cargo", "variables"})
  public String query;

  private InProcessApps apps;
  private String text;
  private String hash;
  private String unknown;
  private Map<String, @Nullable Object> variables;
  private String poorHash;
  private Map<String, @Nullable Object> poorVariables;

  @Setup
  public void setUp() {
    BenchCase bench = BenchCase.named(query);
    BenchCase poor = BenchCase.named("variables");
    text = bench.text();
    variables = bench.variables();
    apps = new InProcessApps(List.of(bench.text(), poor.text()));
    hash = DocumentHash.of(text).hex();
    unknown = DocumentHash.of(text + "\n# not registered").hex();
    poorHash = DocumentHash.of(poor.text()).hex();
    poorVariables = poor.variables();
    InProcessApps.requireData("bare", noAdmission());
    InProcessApps.requireData("cached", noAdmissionCached());
    InProcessApps.requireData("stock", stockRegistered());
    InProcessApps.requireData("tollgate", tollgateRegistered());
    InProcessApps.requireRefused("stock, unknown id", stockUnknownId());
    InProcessApps.requireRefused("tollgate, unknown id", tollgateUnknownId());
    // the poor key's 20 units: the first `variables` request (19 units) runs, then none fits
    InProcessApps.requireData(
        "tollgate, poor key's first",
        apps.tollgate.execute(
            InProcessApps.byHash(poorHash, poorVariables, InProcessApps.POOR_KEY)));
    InProcessApps.requireRefused("tollgate, over budget", tollgateOverBudget());
    InProcessApps.requireRefused("floor", floorRefusal());
  }

  /** The application with no admission: parse, validate and execute the text. */
  @Benchmark
  public ExecutionResult noAdmission() {
    return apps.bare.execute(InProcessApps.text(text, variables));
  }

  /** The application with no admission and its parsed documents cached: execute only. */
  @Benchmark
  public ExecutionResult noAdmissionCached() {
    return apps.cached.execute(InProcessApps.text(text, variables));
  }

  /** graphql-java's APQ support by hash, with its complexity and depth limits, then execute. */
  @Benchmark
  public ExecutionResult stockRegistered() {
    return apps.stock.execute(InProcessApps.byHash(hash, variables, null));
  }

  /** Tollgate by hash: admitted at its stored price, charged, executed, actual cost measured. */
  @Benchmark
  public ExecutionResult tollgateRegistered() {
    return apps.tollgate.execute(InProcessApps.byHash(hash, variables, InProcessApps.TRUSTED_KEY));
  }

  /** graphql-java's APQ support refusing an id it does not hold. */
  @Benchmark
  public ExecutionResult stockUnknownId() {
    return apps.stock.execute(InProcessApps.byHash(unknown, variables, null));
  }

  /** Tollgate refusing an unregistered id under a trusted key. */
  @Benchmark
  public ExecutionResult tollgateUnknownId() {
    return apps.tollgate.execute(
        InProcessApps.byHash(unknown, variables, InProcessApps.TRUSTED_KEY));
  }

  /** graphql-java refusing every request at once, before parsing: the floor of any refusal. */
  @Benchmark
  public ExecutionResult floorRefusal() {
    return apps.floor.execute(InProcessApps.byHash(unknown, variables, InProcessApps.TRUSTED_KEY));
  }

  /** Tollgate refusing a registered id whose price no longer fits the caller's budget. */
  @Benchmark
  public ExecutionResult tollgateOverBudget() {
    return apps.tollgate.execute(
        InProcessApps.byHash(poorHash, poorVariables, InProcessApps.POOR_KEY));
  }
}
