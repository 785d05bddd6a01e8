package dev.tollgate.bench.scale;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * How long each change takes to reach each gateway: from the registry API's answer until the
 * gateway answers a request as the change says (asked every 10 ms). A gateway killed meanwhile is
 * left out. A retirement's probe also reports every admission it saw, for {@link SimLoad}'s check.
 */
final class SimProbes {

  static final long GIVE_UP_MILLIS = 20_000;

  /** One change seen (or not, {@code millis} -1) by one gateway. */
  record Seen(SimChange change, int gateway, long millis) {}

  private final SimHttp http;
  private final SimLoad load;
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final List<Future<Seen>> pending = new ArrayList<>();

  SimProbes(SimHttp http, SimLoad load) {
    this.http = http;
    this.load = load;
  }

  /** Starts probing every gateway now alive for {@code change}. */
  synchronized void follow(SimChange change, List<SimGateways.Gateway> gateways) {
    for (SimGateways.Gateway gateway : gateways) {
      if (load.alive(gateway.index())) {
        pending.add(pool.submit(() -> probe(change, gateway)));
      }
    }
  }

  private Seen probe(SimChange change, SimGateways.Gateway gateway) throws InterruptedException {
    while (true) {
      long sent = System.currentTimeMillis();
      SimHttp.Answer answer = http.byId(gateway.base(), SimGateways.WEB_KEY, change.probeId());
      long now = System.currentTimeMillis();
      if (change.kind().equals("retire") && answer.admitted()) {
        load.admittedAfterRetirement(change.label(), sent, gateway.index());
      }
      if (change.seenIn(answer)) {
        return new Seen(change, gateway.index(), now - change.ackMillis());
      }
      if (!load.alive(gateway.index()) || now - change.ackMillis() > GIVE_UP_MILLIS) {
        return new Seen(change, gateway.index(), load.alive(gateway.index()) ? -1 : -2);
      }
      Thread.sleep(10);
    }
  }

  /** Every result, once all probes are done; -1: not seen in time; -2: gateway killed. */
  List<Seen> results() throws Exception {
    List<Seen> seen = new ArrayList<>();
    List<Future<Seen>> all;
    synchronized (this) {
      all = List.copyOf(pending);
    }
    for (Future<Seen> result : all) {
      seen.add(result.get(GIVE_UP_MILLIS + 15_000, TimeUnit.MILLISECONDS));
    }
    pool.shutdownNow();
    return seen;
  }
}
