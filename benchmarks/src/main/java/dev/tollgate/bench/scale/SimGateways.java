package dev.tollgate.bench.scale;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * N gateway processes ({@code java -Xmx256m -jar registry-server.jar}) on one PostgreSQL database
 * and one Redis, each on a spare port, with the same config file; their CPU time read from {@code
 * /proc/PID/stat}.
 */
final class SimGateways implements AutoCloseable {

  static final String ADMIN_TOKEN = "sim-admin-token";
  static final String WEB_KEY = "sim-web";
  static final String PARTNER_KEY = "sim-partner";
  static final String ATTACKER_KEY = "sim-attacker";
  static final String ATTACKER_OPEN_KEY = "sim-attacker-open";

  /** A key's budget, as the config gives it. */
  record Budget(long capacity, double refillPerSecond) {}

  static final java.util.Map<String, Budget> BUDGETS =
      java.util.Map.of(
          WEB_KEY, new Budget(100_000_000, 1_000_000),
          PARTNER_KEY, new Budget(4_000, 400),
          // Small enough that one attacking thread asks for more than the refill.
          ATTACKER_KEY, new Budget(100, 5),
          ATTACKER_OPEN_KEY, new Budget(100, 5));

  /** One gateway process. */
  record Gateway(int index, String base, Process process, Path log) {}

  private final Path dir;
  private final Path config;
  private final String jar;
  private final String heap;
  private final List<Gateway> gateways = new ArrayList<>();

  SimGateways(Path dir, String jar, String heap, String jdbcUrl, String redisUrl, int n)
      throws IOException {
    this.dir = dir;
    this.jar = jar;
    this.heap = heap;
    this.config = dir.resolve("gateway.json");
    Files.writeString(config, config(jdbcUrl, redisUrl, n));
  }

  /**
   * The config every gateway runs: the registry in PostgreSQL, budgets in Redis, four keys, and a
   * poll of the registry every 500 ms, so that a retirement reaches every gateway within the
   * invariant's 1 s with margin (the poll, the reload and a request in flight; at the default 1 s
   * poll the bound held by a few ms or failed by 8 ms under load).
   */
  static String config(String jdbcUrl, String redisUrl, int n) {
    return """
        {"store": {"jdbcUrl": "%s", "poolSize": 4},
         "adminTokens": [{"name": "sim", "token": "%s", "scope": "admin"}],
         "gateway": {"budgetStore": "redis", "redisUrl": "%s", "expectedInstances": %d,
                     "refreshMillis": 500},
         "keys": {
           "%s": {"name": "web", "mode": "trusted", "apps": ["sim", "probe"], "budget": %s},
           "%s": {"name": "partner", "mode": "open", "apps": ["*"], "budget": %s},
           "%s": {"name": "attacker", "mode": "trusted", "apps": ["sim", "probe"], "budget": %s},
           "%s": {"name": "attacker-open", "mode": "open", "apps": ["*"], "budget": %s}
         }}
        """
        .formatted(
            jdbcUrl,
            ADMIN_TOKEN,
            redisUrl,
            n,
            WEB_KEY,
            budget(WEB_KEY),
            PARTNER_KEY,
            budget(PARTNER_KEY),
            ATTACKER_KEY,
            budget(ATTACKER_KEY),
            ATTACKER_OPEN_KEY,
            budget(ATTACKER_OPEN_KEY));
  }

  /**
   * A refusal by the shared store is a 503 rather than a local bucket: the invariant is Redis's.
   */
  private static String budget(String key) {
    Budget budget = BUDGETS.get(key);
    return "{\"capacity\": %d, \"refillPerSecond\": %s, \"onStoreFailure\": \"deny\"}"
        .formatted(budget.capacity(), budget.refillPerSecond());
  }

  /** Starts one more gateway; {@link #awaitHealthy} waits for it. */
  Gateway start() throws IOException {
    int index = gateways.size();
    int port = sparePort();
    Path log = dir.resolve("gateway-" + index + ".log");
    Process process =
        new ProcessBuilder(
                "java",
                "-Xmx" + heap,
                "-XX:+UseSerialGC",
                "-jar",
                jar,
                "--config",
                config.toString(),
                "--port",
                Integer.toString(port))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    Gateway gateway = new Gateway(index, "http://127.0.0.1:" + port, process, log);
    gateways.add(gateway);
    return gateway;
  }

  void awaitHealthy(SimHttp http, Gateway gateway, long timeoutMillis) throws Exception {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (!http.healthy(gateway.base())) {
      if (!gateway.process().isAlive()) {
        throw new IllegalStateException(
            "gateway " + gateway.index() + " exited at start; see " + gateway.log());
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException(
            "gateway " + gateway.index() + " not healthy in time; see " + gateway.log());
      }
      Thread.sleep(100);
    }
  }

  List<Gateway> all() {
    return gateways;
  }

  /** {@code kill -9}. */
  void kill(Gateway gateway) throws InterruptedException {
    gateway.process().destroyForcibly();
    gateway.process().waitFor();
  }

  /** User plus system CPU time of the process so far, in milliseconds (-1 once it has exited). */
  static long cpuMillis(Gateway gateway) {
    try {
      String stat = Files.readString(Path.of("/proc/" + gateway.process().pid() + "/stat"));
      // Fields after the command name, which is in parentheses and may hold spaces: utime and
      // stime are fields 14 and 15 of the whole line, so 12 and 13 after the ") ".
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
      return ticks * 1000 / CLOCK_TICKS;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** USER_HZ: 100 on Linux whatever the kernel's HZ. */
  private static final long CLOCK_TICKS = 100;

  @Override
  public void close() throws InterruptedException {
    for (Gateway gateway : gateways) {
      gateway.process().destroyForcibly();
    }
    for (Gateway gateway : gateways) {
      gateway.process().waitFor();
    }
  }

  static int sparePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
