package dev.tollgate.bench;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.admission.InMemoryBudgetLedger;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.RegisteredDocument;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.Measure;
import dev.tollgate.registry.pricing.PricedOperation;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The three steps of {@link AdmissionBenchmark#admitRegistered} one at a time, to say which one
 * dominates: the catalog (index and cached document), the stored price evaluated with the
 * variables, and the budget charge.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar AdmissionStepsBenchmark -f 1 -wi 3 -w 1 -i 5
 * -r 1}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AdmissionStepsBenchmark {

  @Param({"four-cargo", "chapter1", "variables"})
  public String query;

  private DocumentCatalog catalog;
  private DocumentHash id;
  private PricedOperation operation;
  private Map<String, @Nullable Object> variables;
  private BudgetLedger ledger;
  private KeyPolicy caller;
  private long cost;

  @Setup
  public void setUp() {
    BenchCase bench = BenchCase.named(query);
    InProcessGateway gateway = new InProcessGateway();
    id = gateway.register(bench.text());
    gateway.open();
    catalog = gateway.catalog();
    operation = catalog.findActive(id).orElseThrow().select(null);
    variables = bench.variables();
    ledger = new InMemoryBudgetLedger(InstantSource.system());
    caller = InProcessGateway.CALLER;
    cost = bench.cost();
  }

  /**
   * What the controller asks the catalog: the id's apps from the index, then the cached document.
   */
  @Benchmark
  public Optional<RegisteredDocument> lookUp() {
    Set<String> apps = catalog.appsOf(id);
    return apps.isEmpty() ? Optional.empty() : catalog.findActive(id);
  }

  /** The stored price evaluated with the request's raw variables (coercion included). */
  @Benchmark
  public Measure evaluate() {
    return operation.price().evaluate(variables);
  }

  @Benchmark
  public BudgetCharge charge() {
    return ledger.charge(caller.name(), caller.budget(), cost);
  }
}
