package dev.tollgate.bench.scale;

import java.util.concurrent.atomic.LongAdder;

/** What one bucket admitted: units, and the first request sent and last answer received. */
final class SimBucket {
  final LongAdder units = new LongAdder();
  final LongAdder admitted = new LongAdder();
  final LongAdder asked = new LongAdder();
  volatile long firstSent = Long.MAX_VALUE;
  volatile long lastAnswered;

  synchronized void sent(long millis) {
    firstSent = Math.min(firstSent, millis);
  }

  synchronized void answered(long millis, SimHttp.Answer answer) {
    lastAnswered = Math.max(lastAnswered, millis);
    asked.increment();
    if (answer.admitted()) {
      units.add(answer.units());
      admitted.increment();
    }
  }
}
