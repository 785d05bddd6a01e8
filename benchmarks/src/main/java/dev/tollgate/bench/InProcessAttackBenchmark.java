package dev.tollgate.bench;

import graphql.ExecutionResult;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
 * The book's attacks sent as new text (a distinct trailing comment on every call, so no cache
 * helps) to the same graphql-java application two ways: {@code stock}, graphql-java's own
 * protection ({@link InProcessApps#stock}: its parser's token limit, {@code
 * MaxQueryComplexityInstrumentation} and {@code MaxQueryDepthInstrumentation}), and {@code
 * tollgate}, Tollgate's hooks under an open-mode key (tokens, depth, aliases and cost, before
 * graphql-java parses). Whatever stock lets through it executes, and that is what it spends.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar InProcessAttackBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class InProcessAttackBenchmark {

  @Param({
    "s000-29-token-flood",
    "s000-12-alias-150",
    "s000-04-deep16-first1",
    "s000-23-huge-page-first5000",
    AttackBenchmark.FRAGMENT_CHAIN
  })
  public String attack;

  private InProcessApps apps;
  private String text;
  private long fresh;

  @Setup
  public void setUp() throws java.io.IOException {
    apps = new InProcessApps(List.of());
    text =
        attack.equals(AttackBenchmark.FRAGMENT_CHAIN)
            ? AttackBenchmark.fragmentChain(620)
            : AttackBenchmark.resource(attack + "/query.graphql");
    InProcessApps.requireRefused("tollgate", tollgate());
  }

  /** graphql-java's own protection: parse, validate, its two instrumentations, then execution. */
  @Benchmark
  public ExecutionResult stock() {
    return apps.stock.execute(InProcessApps.text(text + "\n# " + fresh++, Map.of()));
  }

  /** Tollgate's open mode: refused before graphql-java parses. */
  @Benchmark
  public ExecutionResult tollgate() {
    return apps.tollgate.execute(
        InProcessApps.textFrom(text + "\n# " + fresh++, Map.of(), InProcessApps.OPEN_KEY));
  }
}
