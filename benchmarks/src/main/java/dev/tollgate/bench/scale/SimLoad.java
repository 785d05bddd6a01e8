package dev.tollgate.bench.scale;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * The clients, spread round-robin over the gateways alive: trusted clients running the documents of
 * active versions and, like old app installs, of versions being retired; an open client sending
 * small texts; attackers draining a small budget by id, sending unknown ids, text with a trusted
 * key and over-limit text with an open key. Records what the checks need.
 */
final class SimLoad {

  /** A document of a retired (or retiring) version admitted: when its request was sent. */
  record RetiredAdmission(String version, long sentMillis, int gateway) {}

  private final SimHttp http;
  private final List<SimGateways.Gateway> gateways;
  private final AtomicIntegerArray alive;
  private final SimTally tally;
  private final Map<String, SimBucket> buckets = new ConcurrentHashMap<>();
  private final List<String> activeIds = new CopyOnWriteArrayList<>();
  private final List<String> retiringIds = new CopyOnWriteArrayList<>();
  private final Map<String, String> versionOf = new ConcurrentHashMap<>();
  private final Set<String> retiring = ConcurrentHashMap.newKeySet();
  private final List<RetiredAdmission> retiredAdmissions = new CopyOnWriteArrayList<>();
  private final LongAdder attacksAdmitted = new LongAdder();
  private final LongAdder attacks = new LongAdder();
  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean running = true;
  private volatile String probeId = "";

  SimLoad(SimHttp http, List<SimGateways.Gateway> gateways) {
    this.http = http;
    this.gateways = gateways;
    this.alive = new AtomicIntegerArray(gateways.size());
    this.tally = new SimTally(gateways.size());
    for (int i = 0; i < gateways.size(); i++) {
      alive.set(i, 1);
    }
    for (String key :
        List.of(
            SimGateways.WEB_KEY,
            SimGateways.PARTNER_KEY,
            SimGateways.ATTACKER_KEY,
            SimGateways.ATTACKER_OPEN_KEY)) {
      buckets.put(key, new SimBucket());
    }
  }

  void released(SimPublisher.Release release) {
    for (String id : release.ids()) {
      versionOf.put(id, release.version());
    }
    activeIds.addAll(release.ids());
  }

  /** Before the retirement is asked: from now on its admissions are recorded. */
  void retiring(SimPublisher.Release release) {
    retiring.add(release.version());
    activeIds.removeAll(release.ids());
    retiringIds.addAll(release.ids());
    // Old installs of the two latest retired versions keep calling.
    while (retiringIds.size() > 2 * SimPublisher.OPERATIONS) {
      retiringIds.remove(0);
    }
  }

  void admittedAfterRetirement(String version, long sent, int gateway) {
    retiredAdmissions.add(new RetiredAdmission(version, sent, gateway));
  }

  void start(String probe, int trusted) {
    this.probeId = probe;
    for (int i = 0; i < trusted; i++) {
      spawn("trusted-" + i, this::trusted, i);
    }
    spawn("open", this::open, 100);
    spawn("attacker", this::attacker, 200);
    spawn("attacker-junk", this::junk, 300);
  }

  void stop() throws InterruptedException {
    running = false;
    for (Thread thread : threads) {
      thread.join(15_000);
    }
  }

  boolean alive(int gateway) {
    return alive.get(gateway) == 1;
  }

  void killed(int gateway, long millis) {
    alive.set(gateway, 0);
    tally.killed(millis);
  }

  private void spawn(String name, Client client, long seed) {
    Thread thread =
        new Thread(
            () -> {
              Random random = new Random(seed);
              int turn = (int) seed;
              while (running) {
                SimGateways.Gateway gateway = next(turn++);
                if (gateway != null) {
                  client.send(gateway, random);
                }
              }
            },
            "sim-" + name);
    thread.setDaemon(true);
    threads.add(thread);
    thread.start();
  }

  private SimGateways.Gateway next(int turn) {
    for (int i = 0; i < gateways.size(); i++) {
      int index = Math.floorMod(turn + i, gateways.size());
      if (alive(index)) {
        return gateways.get(index);
      }
    }
    return null;
  }

  private interface Client {
    void send(SimGateways.Gateway gateway, Random random);
  }

  private void trusted(SimGateways.Gateway gateway, Random random) {
    boolean old = !retiringIds.isEmpty() && random.nextInt(4) == 0;
    List<String> from = old ? retiringIds : activeIds;
    if (from.isEmpty()) {
      return;
    }
    String id = from.get(random.nextInt(from.size()));
    long sent = System.currentTimeMillis();
    SimHttp.Answer answer = byId(gateway, SimGateways.WEB_KEY, id, sent);
    String version = versionOf.get(id);
    if (answer.admitted() && version != null && retiring.contains(version)) {
      admittedAfterRetirement(version, sent, gateway.index());
    }
  }

  private void open(SimGateways.Gateway gateway, Random random) {
    String query =
        "{ cargo(trackingId: \"o%d\") { trackingId origin { code } } }"
            .formatted(random.nextInt(500));
    long sent = System.currentTimeMillis();
    buckets.get(SimGateways.PARTNER_KEY).sent(sent);
    record(
        gateway,
        SimGateways.PARTNER_KEY,
        http.byText(gateway.base(), SimGateways.PARTNER_KEY, query));
  }

  private void attacker(SimGateways.Gateway gateway, Random random) {
    byId(gateway, SimGateways.ATTACKER_KEY, probeId, System.currentTimeMillis());
  }

  /** Requests that must never be admitted, whatever the budgets. */
  private void junk(SimGateways.Gateway gateway, Random random) {
    SimHttp.Answer answer;
    switch (random.nextInt(3)) {
      case 0 -> {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        answer =
            http.byId(
                gateway.base(),
                SimGateways.ATTACKER_KEY,
                java.util.HexFormat.of().formatHex(bytes));
      }
      case 1 ->
          answer =
              http.byText(
                  gateway.base(),
                  SimGateways.ATTACKER_KEY,
                  "{ cargos(first: 1) { edges { node { id } } } }");
      default -> {
        String key = SimGateways.ATTACKER_OPEN_KEY;
        buckets.get(key).sent(System.currentTimeMillis());
        answer =
            http.byText(
                gateway.base(), key, "{ cargos(first: 5000) { edges { node { trackingId } } } }");
        buckets.get(key).answered(System.currentTimeMillis(), answer);
      }
    }
    count(gateway, answer);
    attacks.increment();
    if (answer.admitted()) {
      attacksAdmitted.increment();
    }
  }

  private SimHttp.Answer byId(SimGateways.Gateway gateway, String key, String id, long sent) {
    buckets.get(key).sent(sent);
    SimHttp.Answer answer = http.byId(gateway.base(), key, id);
    record(gateway, key, answer);
    return answer;
  }

  private void record(SimGateways.Gateway gateway, String key, SimHttp.Answer answer) {
    buckets.get(key).answered(System.currentTimeMillis(), answer);
    count(gateway, answer);
  }

  private void count(SimGateways.Gateway gateway, SimHttp.Answer answer) {
    tally.count(gateway.index(), answer, alive(gateway.index()));
  }

  Map<String, SimBucket> buckets() {
    return buckets;
  }

  SimTally tally() {
    return tally;
  }

  List<RetiredAdmission> retiredAdmissions() {
    return retiredAdmissions;
  }

  long attacks() {
    return attacks.sum();
  }

  long attacksAdmitted() {
    return attacksAdmitted.sum();
  }
}
