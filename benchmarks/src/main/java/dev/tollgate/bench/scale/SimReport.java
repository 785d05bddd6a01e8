package dev.tollgate.bench.scale;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Prints one line per invariant, ending {@code holds} or {@code fails}, and counts the failures.
 */
final class SimReport {

  private int failed;

  void invariant(boolean holds, String text) {
    System.out.println(text + ": " + (holds ? "holds" : "fails"));
    failed += holds ? 0 : 1;
  }

  void info(String text) {
    System.out.println("  " + text);
  }

  int failed() {
    return failed;
  }

  /** Propagation per kind of change: p50, p99 and max over every (change, gateway). */
  void propagation(List<SimProbes.Seen> seen, int changes) {
    Map<String, List<Long>> byKind = new TreeMap<>();
    int missed = 0;
    for (SimProbes.Seen one : seen) {
      if (one.millis() == -1) {
        missed++;
      } else if (one.millis() >= 0) {
        byKind.computeIfAbsent(one.change().kind(), k -> new ArrayList<>()).add(one.millis());
      }
    }
    for (Map.Entry<String, List<Long>> kind : byKind.entrySet()) {
      List<Long> millis = kind.getValue();
      Collections.sort(millis);
      info(
          "%-8s %3d gateway×change  p50 %5d ms  p99 %5d ms  max %5d ms"
              .formatted(
                  kind.getKey(),
                  millis.size(),
                  percentile(millis, 50),
                  percentile(millis, 99),
                  millis.get(millis.size() - 1)));
    }
    invariant(
        missed == 0 && !seen.isEmpty(),
        "propagation: %d changes reached every live gateway (%d gateway×change pairs, %d not within %d s)"
            .formatted(changes, seen.size(), missed, SimProbes.GIVE_UP_MILLIS / 1000));
  }

  /** Nearest rank. */
  static long percentile(List<Long> sorted, int p) {
    int rank = (int) Math.ceil(p / 100.0 * sorted.size());
    return sorted.get(Math.max(0, rank - 1));
  }
}
