package dev.tollgate.bench;

import com.github.benmanes.caffeine.cache.stats.CacheStats;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.document.DocumentHash;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;

/**
 * README benchmark target: heap used with N registered operations warm in the gateway's caches
 * (target 100,000 in at most 256 MB). Registers N distinct generated operations priced by the real
 * pricer in an in-memory registry, opens the catalog (its index of active ids) with a document
 * cache sized for N, then admits every operation once by id with its variables (a catalog load, a
 * price restore, one evaluation, one charge). Heap used is read after repeated full GCs at each
 * step, so the registry's share (the fake store's own copies) is reported apart from the catalog's.
 *
 * <p>{@code java -Xmx1g -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.MemoryFootprint
 * 100000 [--histogram] [--cache-bytes=B]} ({@code --histogram}: the classes that grew while
 * warming, from the JVM's class histogram; {@code --cache-bytes}: the document cache's bound,
 * {@code gateway.documentCacheBytes}, instead of 4 KiB a document, room for all).
 */
public final class MemoryFootprint {

  private static final double MB = 1024 * 1024;

  private MemoryFootprint() {}

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    boolean histogram = List.of(args).contains("--histogram");
    long cacheBytes = (long) n * 4096; // room for every document: none evicted
    for (String arg : args) {
      if (arg.startsWith("--cache-bytes=")) {
        cacheBytes = Long.parseLong(arg.substring("--cache-bytes=".length()));
      }
    }
    InProcessGateway gateway = new InProcessGateway(cacheBytes);
    long start = usedAfterGc();

    long textBytes = register(gateway, n);
    long registered = usedAfterGc();
    Map<String, long[]> before = histogram ? histogram() : Map.of();

    gateway.open();
    long indexed = usedAfterGc();

    int admitted = warm(gateway, n);
    long warm = usedAfterGc();

    gateway.documents().cleanUp();
    CacheStats stats = gateway.documents().stats();
    System.out.printf(
        "operations            %,d (texts %,d bytes, %.0f bytes each on average)%n",
        n, textBytes, (double) textBytes / n);
    System.out.printf(
        "stored prices         %,d distinct of %,d operations%n",
        gateway.registry.distinctPrices(), n);
    System.out.printf(
        "admitted once         %,d; catalog cache %,d documents weighing %,d bytes (bound %,d),"
            + " %,d loads, %,d evictions%n",
        admitted,
        gateway.documents().estimatedSize(),
        gateway.documents().policy().eviction().orElseThrow().weightedSize().orElse(-1),
        cacheBytes,
        stats.loadCount(),
        stats.evictionCount());
    System.out.printf(
        "heap used, start      %8.1f MB  (schema, pricer, the gateway's services, JVM)%n",
        start / MB);
    System.out.printf(
        "registry only         %8.1f MB  (+%.1f MB: the fake store's documents and stored prices)%n",
        registered / MB, (registered - start) / MB);
    System.out.printf(
        "catalog index         %8.1f MB  (+%.1f MB: %.0f bytes per id)%n",
        indexed / MB, (indexed - registered) / MB, (double) (indexed - registered) / n);
    System.out.printf(
        "all warm              %8.1f MB  (+%.1f MB: %.0f bytes per document)%n",
        warm / MB, (warm - indexed) / MB, (double) (warm - indexed) / n);
    System.out.printf(
        "catalog total         %8.1f MB  (%.0f bytes per operation; target 256 MB for 100,000)%n",
        (warm - registered) / MB, (double) (warm - registered) / n);
    System.out.printf(
        "registry + catalog    %8.1f MB  (%.0f bytes per operation)%n",
        (warm - start) / MB, (double) (warm - start) / n);
    if (histogram) {
      printGrowth(before, histogram(), n);
    }
  }

  private static long register(InProcessGateway gateway, int n) {
    long bytes = 0;
    for (int i = 0; i < n; i++) {
      String text = CargoOperations.generate(i).text();
      gateway.register(text);
      bytes += text.length();
    }
    if (gateway.registry.size() != n) {
      throw new IllegalStateException(
          "generated texts are not distinct: " + gateway.registry.size() + " of " + n);
    }
    return bytes;
  }

  /**
   * Admits every operation once by id, regenerating its text to hash it, so that nothing else is
   * retained.
   */
  private static int warm(InProcessGateway gateway, int n) {
    int admitted = 0;
    for (int i = 0; i < n; i++) {
      CargoOperations.Operation operation = CargoOperations.generate(i);
      Decision decision =
          gateway.admitById(DocumentHash.of(operation.text()), operation.variables());
      if (!(decision instanceof Decision.Admitted)) {
        throw new IllegalStateException(
            "operation " + i + " was not admitted: " + decision + "\n" + operation.text());
      }
      admitted++;
    }
    return admitted;
  }

  private static long usedAfterGc() throws InterruptedException {
    for (int i = 0; i < 5; i++) {
      System.gc();
      Thread.sleep(100);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /**
   * The JVM's class histogram ({@code jcmd PID GC.class_histogram}): class name to {instances,
   * bytes}.
   */
  static Map<String, long[]> histogram() throws Exception {
    String text =
        (String)
            ManagementFactory.getPlatformMBeanServer()
                .invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "gcClassHistogram",
                    new Object[] {new String[0]},
                    new String[] {String[].class.getName()});
    Map<String, long[]> classes = new HashMap<>();
    for (String line : text.split("\n")) {
      String[] columns = line.trim().split("\\s+");
      if (columns.length >= 4 && columns[0].endsWith(":")) {
        classes.put(
            columns[3], new long[] {Long.parseLong(columns[1]), Long.parseLong(columns[2])});
      }
    }
    return classes;
  }

  private static void printGrowth(Map<String, long[]> before, Map<String, long[]> after, int n) {
    List<Map.Entry<String, long[]>> growth = new ArrayList<>();
    after.forEach(
        (name, counts) -> {
          long[] old = before.getOrDefault(name, new long[2]);
          growth.add(Map.entry(name, new long[] {counts[0] - old[0], counts[1] - old[1]}));
        });
    growth.sort((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]));
    System.out.printf("%nclasses grown between registry-only and all-warm (top 40):%n");
    System.out.printf("%14s %14s %9s  %s%n", "instances", "bytes", "B/op", "class");
    for (Map.Entry<String, long[]> entry : growth.subList(0, Math.min(40, growth.size()))) {
      long[] delta = entry.getValue();
      System.out.printf(
          "%,14d %,14d %9.1f  %s%n", delta[0], delta[1], (double) delta[1] / n, entry.getKey());
    }
  }
}
