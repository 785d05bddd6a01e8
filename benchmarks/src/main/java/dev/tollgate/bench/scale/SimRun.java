package dev.tollgate.bench.scale;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The timeline: load starts on two releases; every eighth of the run a release is published
 * (through each gateway in turn) and the oldest active one retired; at three eighths a dearer
 * schema is activated; at five eighths a release is published through the last gateway, which is
 * then killed ({@code kill -9}). Then the checks.
 */
final class SimRun {

  private static final int TRUSTED_CLIENTS = 3;

  private final SimHttp http;
  private final SimGateways gateways;
  private final SimReport report;
  private final SimLoad load;
  private final SimPublisher publisher;
  private final SimProbes probes;
  private final Deque<SimPublisher.Release> active = new ArrayDeque<>();
  private final Map<Integer, Long> cpuAtStart = new HashMap<>();
  private final Map<Integer, Long> cpuAtEnd = new HashMap<>();
  private int releases;
  private SimPublisher.Release lastBeforeKill;
  private int victim = -1;
  private long killedAt;

  SimRun(SimHttp http, SimGateways gateways, SimReport report) {
    this.http = http;
    this.gateways = gateways;
    this.report = report;
    this.load = new SimLoad(http, gateways.all());
    this.publisher = new SimPublisher(http);
    this.probes = new SimProbes(http, load);
  }

  void go(int durationSeconds) throws Exception {
    String first = gateways.all().get(0).base();
    String probeId = publisher.publishProbe(first);
    release(0);
    release(0);
    for (SimGateways.Gateway gateway : gateways.all()) {
      cpuAtStart.put(gateway.index(), SimGateways.cpuMillis(gateway));
    }
    long start = System.currentTimeMillis();
    load.start(probeId, TRUSTED_CLIENTS);
    long step = durationSeconds * 1000L / 8;
    for (int k = 1; k < 8; k++) {
      Thread.sleep(Math.max(0, start + k * step - System.currentTimeMillis()));
      List<SimGateways.Gateway> alive = ScaleSimulation.alive(gateways, load);
      SimGateways.Gateway via = alive.get(k % alive.size());
      if (k == 3) {
        long before = http.byId(via.base(), SimGateways.WEB_KEY, probeId).estimated();
        if (publisher.activateDearerSchema(via.base(), via.index(), probeId, before)) {
          follow();
        }
      } else if (k == 5 && gateways.all().size() > 1) {
        kill();
      } else {
        release(via.index());
        retireOldest(via);
      }
    }
    Thread.sleep(Math.max(0, start + durationSeconds * 1000L - System.currentTimeMillis()));
    long seconds = System.currentTimeMillis() - start;
    for (SimGateways.Gateway gateway : gateways.all()) {
      if (gateway.index() != victim) {
        cpuAtEnd.put(gateway.index(), SimGateways.cpuMillis(gateway));
      }
    }
    load.stop();
    new SimChecks(http, gateways, report, load, publisher)
        .check(
            probes.results(),
            seconds,
            cpuAtStart,
            cpuAtEnd,
            victim,
            killedAt - start,
            lastBeforeKill);
  }

  private void release(int via) {
    SimPublisher.Release release =
        publisher.publish(gateways.all().get(via).base(), via, ++releases);
    if (release != null) {
      active.addLast(release);
      load.released(release);
      follow();
    }
  }

  private void retireOldest(SimGateways.Gateway via) {
    if (active.size() <= 2) {
      return;
    }
    SimPublisher.Release oldest = active.removeFirst();
    load.retiring(oldest);
    if (publisher.retire(via.base(), via.index(), oldest)) {
      follow();
    }
  }

  /**
   * Publishes through the last gateway, then kills it as soon as the publication is acknowledged.
   */
  private void kill() throws InterruptedException {
    SimGateways.Gateway last = gateways.all().get(gateways.all().size() - 1);
    int before = releases;
    release(last.index());
    lastBeforeKill = releases > before ? active.peekLast() : null;
    cpuAtEnd.put(last.index(), SimGateways.cpuMillis(last));
    gateways.kill(last);
    killedAt = System.currentTimeMillis();
    victim = last.index();
    load.killed(victim, killedAt);
  }

  /** Probes the latest change on every live gateway. */
  private void follow() {
    List<SimChange> changes = publisher.changes();
    probes.follow(changes.get(changes.size() - 1), ScaleSimulation.alive(gateways, load));
  }

  static JsonNode versions(SimHttp http, String base) {
    return http.admin(base, "GET", "/v1/apps/" + SimPublisher.APP + "/versions?limit=500", null)
        .body();
  }
}
