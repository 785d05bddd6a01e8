package dev.tollgate.bench.scale;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The invariants, checked once the load has stopped. */
final class SimChecks {

  private static final long RETIREMENT_GRACE_MILLIS = 1_000;

  private final SimHttp http;
  private final SimGateways gateways;
  private final SimReport report;
  private final SimLoad load;
  private final SimPublisher publisher;

  SimChecks(
      SimHttp http, SimGateways gateways, SimReport report, SimLoad load, SimPublisher publisher) {
    this.http = http;
    this.gateways = gateways;
    this.report = report;
    this.load = load;
    this.publisher = publisher;
  }

  void check(
      List<SimProbes.Seen> seen,
      long loadMillis,
      Map<Integer, Long> cpuAtStart,
      Map<Integer, Long> cpuAtEnd,
      int victim,
      long killedAfterMillis,
      SimPublisher.Release lastBeforeKill) {
    List<SimChange> changes = publisher.changes();
    report.invariant(
        publisher.failures().isEmpty(),
        "publisher: %d changes acknowledged, %d refused %s"
            .formatted(changes.size(), publisher.failures().size(), publisher.failures()));
    report.propagation(seen, changes.size());
    retirements(changes);
    budgets();
    report.invariant(
        load.attacksAdmitted() == 0 && load.attacks() > 0,
        "attacks: %,d requests with unknown ids, text with a trusted key or over-limit text, %d admitted"
            .formatted(load.attacks(), load.attacksAdmitted()));
    throughput(loadMillis, cpuAtStart, cpuAtEnd, victim, killedAfterMillis);
    if (victim >= 0) {
      kill(seen, changes, victim, lastBeforeKill);
    }
  }

  private void retirements(List<SimChange> changes) {
    Map<String, Long> retiredAt = new HashMap<>();
    for (SimChange change : changes) {
      if (change.kind().equals("retire")) {
        retiredAt.put(change.label(), change.ackMillis());
      }
    }
    long late = 0;
    long latest = Long.MIN_VALUE;
    for (SimLoad.RetiredAdmission admission : load.retiredAdmissions()) {
      Long ack = retiredAt.get(admission.version());
      if (ack != null) {
        latest = Math.max(latest, admission.sentMillis() - ack);
        late += admission.sentMillis() > ack + RETIREMENT_GRACE_MILLIS ? 1 : 0;
      }
    }
    report.invariant(
        late == 0 && !retiredAt.isEmpty(),
        "retirement: %d versions retired; %d requests admitted that were sent more than 1 s after the retirement was acknowledged (latest admitted request sent %s after it)"
            .formatted(retiredAt.size(), late, latest == Long.MIN_VALUE ? "none" : latest + " ms"));
  }

  /** Per bucket: units admitted ≤ capacity + refill × (last answer − first request). */
  private void budgets() {
    for (Map.Entry<String, SimBucket> entry : load.buckets().entrySet()) {
      SimGateways.Budget budget = SimGateways.BUDGETS.get(entry.getKey());
      SimBucket bucket = entry.getValue();
      if (bucket.firstSent == Long.MAX_VALUE) {
        continue;
      }
      double seconds = (bucket.lastAnswered - bucket.firstSent) / 1e3;
      double bound = budget.capacity() + budget.refillPerSecond() * seconds;
      long units = bucket.units.sum();
      report.invariant(
          units <= bound,
          "budget %-17s %,d of %,d requests admitted, %,d units <= capacity %,d + %s/s × %.1f s = %,.0f"
              .formatted(
                  entry.getKey(),
                  bucket.admitted.sum(),
                  bucket.asked.sum(),
                  units,
                  budget.capacity(),
                  budget.refillPerSecond(),
                  seconds,
                  bound));
    }
  }

  private void throughput(
      long loadMillis,
      Map<Integer, Long> cpuAtStart,
      Map<Integer, Long> cpuAtEnd,
      int victim,
      long killedAfterMillis) {
    report.info("load ran %.1f s".formatted(loadMillis / 1e3));
    report.info("gateway  requests   req/s   CPU s   CPU µs/request");
    for (SimGateways.Gateway gateway : gateways.all()) {
      int i = gateway.index();
      double seconds = (i == victim ? killedAfterMillis : loadMillis) / 1e3;
      long requests = load.tally().answered(i);
      double cpu = (cpuAtEnd.get(i) - cpuAtStart.get(i)) / 1e3;
      report.info(
          "%7d %9d %7.0f %7.1f %9.0f%s"
              .formatted(
                  i,
                  requests,
                  requests / seconds,
                  cpu,
                  requests == 0 ? 0 : cpu * 1e6 / requests,
                  i == victim ? "   (killed after %.1f s)".formatted(seconds) : ""));
    }
  }

  private void kill(
      List<SimProbes.Seen> seen,
      List<SimChange> changes,
      int victim,
      SimPublisher.Release lastBeforeKill) {
    long survivorsSeeing = 0;
    for (SimProbes.Seen one : seen) {
      boolean ofIt =
          lastBeforeKill != null && one.change().label().equals(lastBeforeKill.version());
      survivorsSeeing += ofIt && one.gateway() != victim && one.millis() >= 0 ? 1 : 0;
    }
    int survivors = gateways.all().size() - 1;
    String survivor = gateways.all().get(0).base();
    JsonNode versions = SimRun.versions(http, survivor);
    Map<String, String> status = new HashMap<>();
    for (JsonNode version : versions.path("versions")) {
      status.put(version.path("version").asText(), version.path("status").asText());
    }
    long lost = 0;
    for (SimChange change : changes) {
      String now = status.get(change.label());
      if (change.kind().equals("publish") && now == null) {
        lost++;
      } else if (change.kind().equals("retire") && !"retired".equals(now)) {
        lost++;
      }
    }
    long after = load.tally().answeredAfterKill();
    report.invariant(
        lastBeforeKill != null
            && survivorsSeeing == survivors
            && lost == 0
            && after > 0
            && load.tally().survivorErrors() == 0,
        "kill -9 of gateway %d: %s, acknowledged by it just before, admitted by %d of %d others; %d acknowledged changes missing from the registry; after it the others answered %,d requests and failed %d"
            .formatted(
                victim,
                lastBeforeKill == null ? "no release" : lastBeforeKill.version(),
                survivorsSeeing,
                survivors,
                lost,
                after,
                load.tally().survivorErrors()));
  }
}
