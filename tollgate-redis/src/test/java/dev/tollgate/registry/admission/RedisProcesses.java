package dev.tollgate.registry.admission;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;

/**
 * {@code redis-server} child processes on spare ports, without persistence: one server, or the
 * masters of a Redis Cluster joined by {@code redis-cli --cluster create} (no replicas). Skips the
 * test (a JUnit assumption) when {@code redis-server} or {@code redis-cli} is not on the PATH.
 */
final class RedisProcesses implements AutoCloseable {

  private final Path dir;
  private final List<Integer> ports = new ArrayList<>();
  private final List<Process> processes = new ArrayList<>();

  private RedisProcesses(Path dir) {
    this.dir = dir;
  }

  /** One server. */
  static RedisProcesses server() throws IOException, InterruptedException {
    RedisProcesses redis = launch(1, false);
    return redis;
  }

  /** A cluster of {@code masters} masters, each serving a third of the slots for three. */
  static RedisProcesses cluster(int masters) throws IOException, InterruptedException {
    RedisProcesses redis = launch(masters, true);
    try {
      redis.createCluster();
    } catch (IOException | InterruptedException | RuntimeException e) {
      redis.close();
      throw e;
    }
    return redis;
  }

  /** {@code redis://127.0.0.1:port} of each process, comma-separated. */
  String urls() {
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < ports.size(); i++) {
      urls.add(url(i));
    }
    return String.join(",", urls);
  }

  String url(int node) {
    return "redis://127.0.0.1:" + ports.get(node);
  }

  int size() {
    return ports.size();
  }

  /** A plain client of one node (a cluster node answers only for its own slots). */
  RedisClient node(int node) {
    return RedisClient.create(url(node));
  }

  /** {@code kill -9} of one node. */
  void kill(int node) throws InterruptedException {
    processes.get(node).destroyForcibly();
    processes.get(node).waitFor();
  }

  @Override
  public void close() throws IOException, InterruptedException {
    for (Process process : processes) {
      process.destroyForcibly();
      process.waitFor();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    }
  }

  private static RedisProcesses launch(int count, boolean cluster)
      throws IOException, InterruptedException {
    assumeTrue(
        onPath("redis-server"), "redis-server is not on the PATH: Redis process tests skipped");
    assumeTrue(
        !cluster || onPath("redis-cli"),
        "redis-cli is not on the PATH: Redis Cluster tests skipped");
    RedisProcesses redis = new RedisProcesses(Files.createTempDirectory("tollgate-redis-"));
    try {
      for (int i = 0; i < count; i++) {
        redis.start(cluster);
      }
      for (int i = 0; i < count; i++) {
        redis.awaitPong(i);
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      redis.close();
      throw e;
    }
    return redis;
  }

  private void start(boolean cluster) throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    List<String> command = new ArrayList<>();
    command.addAll(
        List.of(
            "redis-server",
            "--port",
            Integer.toString(port),
            "--bind",
            "127.0.0.1",
            "--dir",
            dir.toString(),
            "--save",
            "",
            "--appendonly",
            "no"));
    if (cluster) {
      command.addAll(
          List.of(
              "--cluster-enabled",
              "yes",
              "--cluster-config-file",
              dir.resolve("nodes-" + port + ".conf").toString()));
    }
    processes.add(
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start());
    ports.add(port);
  }

  private void createCluster() throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
    for (int port : ports) {
      command.add("127.0.0.1:" + port);
    }
    command.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
    Process create = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(create.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (create.waitFor() != 0) {
      throw new IllegalStateException("redis-cli --cluster create failed:\n" + output);
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    for (int port : ports) {
      try (Jedis node = new Jedis("127.0.0.1", port)) {
        while (!node.clusterInfo().contains("cluster_state:ok")) {
          if (System.nanoTime() > deadline) {
            throw new IllegalStateException(
                "the cluster did not become ok:\n" + node.clusterInfo());
          }
          Thread.sleep(50);
        }
      }
    }
  }

  private void awaitPong(int i) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    try (RedisClient node = node(i)) {
      while (true) {
        try {
          node.ping();
          return;
        } catch (RuntimeException e) {
          if (System.nanoTime() > deadline) {
            throw new IllegalStateException(
                "redis-server on port " + ports.get(i) + " did not start", e);
          }
          Thread.sleep(20);
        }
      }
    }
  }

  private static boolean onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }
}
