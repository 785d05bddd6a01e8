package dev.tollgate.bench.scale;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * {@code benchmarks/scale/run.sh}: N gateway processes on one PostgreSQL database (created here,
 * dropped at the end) and one Redis, a publisher, and a load of trusted, open and attacking
 * clients; prints one line per invariant ending {@code holds} or {@code fails} and exits 1 when one
 * fails, 0 with {@code skipped} when PostgreSQL cannot be reached.
 *
 * <p>Arguments: redisUrl jar gateways durationSeconds [postgresUrl] (default {@code
 * jdbc:postgresql://127.0.0.1:5432/test?user=postgres}).
 */
public final class ScaleSimulation {

  private ScaleSimulation() {}

  public static void main(String[] args) throws Exception {
    String redisUrl = args[0];
    String jar = args[1];
    int n = Integer.parseInt(args[2]);
    int duration = Integer.parseInt(args[3]);
    String postgres =
        args.length > 4 ? args[4] : "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";
    String database = "tollgate_sim_" + ProcessHandle.current().pid();
    String jdbcUrl = postgres.replaceFirst("/[^/?]+(\\?|$)", "/" + database + "$1");
    try {
      DriverManager.setLoginTimeout(3);
      execute(postgres, "CREATE DATABASE " + database);
    } catch (SQLException e) {
      System.out.println(
          "skipped: PostgreSQL not reachable at "
              + hostOf(postgres)
              + " ("
              + e.getSQLState()
              + ")");
      System.exit(0);
    }
    int failed;
    try {
      failed = run(redisUrl, jar, n, duration, jdbcUrl);
    } finally {
      execute(postgres, "DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
    }
    System.exit(failed == 0 ? 0 : 1);
  }

  private static int run(String redisUrl, String jar, int n, int duration, String jdbcUrl)
      throws Exception {
    Path dir = Files.createTempDirectory("tollgate-sim-");
    SimHttp http = new SimHttp();
    SimReport report = new SimReport();
    try (SimGateways gateways = new SimGateways(dir, jar, "256m", jdbcUrl, redisUrl, n)) {
      long started = System.currentTimeMillis();
      // The first one migrates the fresh database; the others start together once it has.
      gateways.awaitHealthy(http, gateways.start(), 180_000);
      for (int i = 1; i < n; i++) {
        gateways.start();
      }
      for (SimGateways.Gateway gateway : gateways.all()) {
        gateways.awaitHealthy(http, gateway, 180_000);
      }
      System.out.printf(
          "%d gateways (-Xmx256m) healthy in %.1f s; load for %d s; logs in %s%n",
          n, (System.currentTimeMillis() - started) / 1e3, duration, dir);
      SimRun run = new SimRun(http, gateways, report);
      run.go(duration);
    }
    if (report.failed() == 0) {
      deleteTree(dir);
    }
    return report.failed();
  }

  private static void execute(String url, String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  private static String hostOf(String jdbcUrl) {
    return jdbcUrl.replaceFirst("^jdbc:postgresql://([^/]+).*$", "$1");
  }

  private static void deleteTree(Path dir) throws java.io.IOException {
    try (var files = Files.walk(dir)) {
      for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    }
  }

  static List<SimGateways.Gateway> alive(SimGateways gateways, SimLoad load) {
    return gateways.all().stream().filter(g -> load.alive(g.index())).toList();
  }
}
