package dev.tollgate.bench;

import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.StoreSettings;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.Locale;

/**
 * One start of the H2 store in a data folder, in a fresh JVM as a server start is: opens it through
 * {@link RegistryStore#open} (recovering it as the folder requires), reads its apps, closes it
 * cleanly, and prints the open's wall-clock time, the process's CPU time until then and the JVM's
 * uptime (its own start included). {@link RestartBenchmark} runs it.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.RestartOpen DIR CHECKPOINT_MB
 * </pre>
 */
public final class RestartOpen {

  private RestartOpen() {}

  public static void main(String[] args) {
    StoreSettings config = RestartWriter.settings(Path.of(args[0]), Integer.parseInt(args[1]));
    long start = System.nanoTime();
    try (RegistryStore store = RegistryStore.open(config, InstantSource.system())) {
      store.apps();
      System.out.printf(
          Locale.ROOT,
          "opened in %,d ms (process CPU %,d ms, JVM uptime %,d ms)%n",
          (System.nanoTime() - start) / 1_000_000,
          RestartWriter.cpuNanos() / 1_000_000,
          ManagementFactory.getRuntimeMXBean().getUptime());
    }
  }
}
