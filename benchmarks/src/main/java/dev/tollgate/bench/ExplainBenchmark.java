package dev.tollgate.bench;

import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Explain;
import java.util.Locale;
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
 * Issue 26: explained refusals must not slow down admitted requests. {@code admitRegistered} is
 * {@link AdmissionBenchmark}'s admission by id under a policy whose {@code explain} is the
 * parameter (the admitted path never builds an explanation, so {@code full} and {@code off} should
 * measure alike, and alike {@code AdmissionBenchmark}); {@code refuseOverCost} is the same request
 * under a cost limit of 1, refused with its explanation ({@code full}: formula, variables, three
 * terms; {@code off}: none), which is what explaining costs a refusal.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar ExplainBenchmark -f 1 -wi 3 -w 1 -i 5 -r 1}
 * is the quick run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 20, time = 1)
@Measurement(iterations = 5, time = 1)
public class ExplainBenchmark {

  @Param({"four-cargo", "variables"})
  public String query;

  @Param({"full", "off"})
  public String explain;

  private AdmissionController admission;
  private KeyPolicy admitted;
  private KeyPolicy refused;
  private DocumentHash id;
  private Map<String, @Nullable Object> variables;
  private BenchCase bench;

  @Setup
  public void setUp() {
    bench = BenchCase.named(query);
    InProcessGateway gateway = new InProcessGateway();
    id = gateway.register(bench.text());
    gateway.open();
    admission = gateway.admission();
    Explain level = Explain.valueOf(explain.toUpperCase(Locale.ROOT));
    admitted = InProcessGateway.CALLER.transform(policy -> policy.explain(level));
    refused =
        InProcessGateway.CALLER.transform(
            policy ->
                policy.explain(level).limits(InProcessGateway.CALLER.limits().with(Limit.COST, 1)));
    variables = bench.variables();
    check(admitRegistered(), refuseOverCost(), level);
  }

  @Benchmark
  public Decision admitRegistered() {
    return admission.admit(
        admitted, new AdmissionRequest(null, id, null, variables, Transport.POST));
  }

  @Benchmark
  public Decision refuseOverCost() {
    return admission.admit(
        refused, new AdmissionRequest(null, id, null, variables, Transport.POST));
  }

  private void check(Decision yes, Decision no, Explain level) {
    boolean explained =
        no instanceof Decision.Rejected rejected
            && rejected.refusal().extensions().get("cost") instanceof Map<?, ?> cost
            && cost.containsKey("terms") == (level != Explain.OFF);
    if (!(yes instanceof Decision.Admitted ok) || ok.cost() != bench.cost() || !explained) {
      throw new IllegalStateException(
          query
              + "/"
              + explain
              + ": expected an admission and an explained refusal, got "
              + yes
              + " and "
              + no);
    }
  }
}
