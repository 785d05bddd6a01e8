package dev.tollgate.bench.scale;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/** Answers per gateway, and after the kill: the others' answers and failures. */
final class SimTally {

  private final AtomicLongArray answered;
  private final AtomicLongArray survivorErrors;
  private final LongAdder answeredAfterKill = new LongAdder();
  private volatile long killedMillis = Long.MAX_VALUE;

  SimTally(int gateways) {
    this.answered = new AtomicLongArray(gateways);
    this.survivorErrors = new AtomicLongArray(gateways);
  }

  void killed(long millis) {
    killedMillis = millis;
  }

  /** One answer of {@code gateway} (status -1: none came), {@code alive} when it was counted. */
  void count(int gateway, SimHttp.Answer answer, boolean alive) {
    boolean afterKill = System.currentTimeMillis() > killedMillis;
    if (answer.status() != -1) {
      answered.incrementAndGet(gateway);
      if (afterKill) {
        answeredAfterKill.increment();
      }
    }
    boolean failed = answer.status() == -1 || answer.status() >= 500;
    if (failed && alive && afterKill) {
      survivorErrors.incrementAndGet(gateway);
    }
  }

  long answered(int gateway) {
    return answered.get(gateway);
  }

  /** Answers received after the kill (all from the others). */
  long answeredAfterKill() {
    return answeredAfterKill.sum();
  }

  long survivorErrors() {
    long sum = 0;
    for (int i = 0; i < survivorErrors.length(); i++) {
      sum += survivorErrors.get(i);
    }
    return sum;
  }
}
