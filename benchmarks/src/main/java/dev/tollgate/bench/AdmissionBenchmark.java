package dev.tollgate.bench;

import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.Measure;
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
 * README benchmark target: admitting a registered id (catalog lookup, stored price evaluated with
 * the variables, budget charge) against parsing, validating and pricing the same text. Both go
 * through the product's own entry points: {@link AdmissionController#admit} as {@code
 * GatewayRoutes} calls it for a trusted-mode request by id, and {@code OperationPricer.analyse} as
 * open mode calls it on a cache miss.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar AdmissionBenchmark -f 1 -wi 3 -w 1 -i 5 -r
 * 1} is the quick run. Its three seconds of warm-up leave {@code analyseText} still being compiled
 * (graphql-java's parser and validator are large), which flatters the ratio; without flags the
 * defaults below warm up for twenty seconds, after which both paths are steady.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 20, time = 1)
@Measurement(iterations = 5, time = 1)
public class AdmissionBenchmark {

  @Param({"four-cargo", "chapter1", "variables"})
  public String query;

  private BenchCase bench;
  private InProcessGateway gateway;
  private AdmissionController admission;
  private KeyPolicy caller;
  private DocumentHash id;
  private Map<String, @Nullable Object> variables;

  @Setup
  public void setUp() {
    bench = BenchCase.named(query);
    gateway = new InProcessGateway();
    id = gateway.register(bench.text());
    gateway.open();
    admission = gateway.admission();
    caller = InProcessGateway.CALLER;
    variables = bench.variables();
    check(admitRegistered(), analyseText());
  }

  /** Trusted mode, by id: the request record as the HTTP layer builds it, then the controller. */
  @Benchmark
  public Decision admitRegistered() {
    return admission.admit(caller, new AdmissionRequest(null, id, null, variables, Transport.POST));
  }

  /**
   * The same text analysed from scratch: parse under the token limit, validate, price, evaluate.
   */
  @Benchmark
  public Measure analyseText() {
    return gateway.analyse(bench.text(), variables);
  }

  private void check(Decision decision, Measure analysed) {
    if (!(decision instanceof Decision.Admitted admitted)
        || admitted.cost() != bench.cost()
        || analysed.cost() != bench.cost()) {
      throw new IllegalStateException(
          query
              + ": expected an admission at "
              + bench.cost()
              + ", got "
              + decision
              + " and "
              + analysed);
    }
  }
}
