package dev.tollgate.registry.http;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import redis.clients.jedis.RedisClient;

/**
 * A {@code redis-server} child process on a spare port, without persistence, that a test can stop
 * ({@code kill -9}), start again on the same port, freeze ({@code kill -STOP}) and thaw ({@code
 * kill -CONT}). Skips the test when {@code redis-server} is not on the PATH.
 */
final class RedisServerProcess implements AutoCloseable {

  private final int port;
  private final RedisClient admin;
  private Process process;

  private RedisServerProcess(int port) throws IOException, InterruptedException {
    this.port = port;
    this.process = launch(port);
    this.admin = RedisClient.create(url());
    awaitPong();
  }

  static RedisServerProcess start() throws IOException, InterruptedException {
    assumeTrue(
        onPath("redis-server"), "redis-server is not on the PATH: Redis outage tests skipped");
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    return new RedisServerProcess(port);
  }

  String url() {
    return "redis://127.0.0.1:" + port;
  }

  /** The client of the test itself, to read what the gateway wrote. */
  RedisClient admin() {
    return admin;
  }

  /** {@code kill -9}: connections are refused at once. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor();
  }

  /** A new, empty Redis on the same port. */
  void restart() throws IOException, InterruptedException {
    process = launch(port);
    awaitPong();
  }

  /** {@code kill -STOP}: connections are accepted by the kernel and never answered. */
  void freeze() throws IOException, InterruptedException {
    signal("-STOP");
  }

  void thaw() throws IOException, InterruptedException {
    signal("-CONT");
  }

  @Override
  public void close() throws Exception {
    signal("-CONT");
    admin.close();
    kill();
  }

  private void signal(String signal) throws IOException, InterruptedException {
    if (!process.isAlive()) {
      return;
    }
    Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid())).start();
    if (kill.waitFor() != 0) {
      throw new IllegalStateException("kill " + signal + " " + process.pid() + " failed");
    }
  }

  private void awaitPong() throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (true) {
      try {
        admin.ping();
        return;
      } catch (RuntimeException e) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("redis-server on port " + port + " did not start", e);
        }
        Thread.sleep(20);
      }
    }
  }

  private static Process launch(int port) throws IOException {
    return new ProcessBuilder(
            List.of(
                "redis-server",
                "--port",
                Integer.toString(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no"))
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
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
