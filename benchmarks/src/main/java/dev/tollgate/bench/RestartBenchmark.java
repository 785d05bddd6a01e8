package dev.tollgate.bench;

import dev.tollgate.registry.store.StoreSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Measures starting an H2 store that holds N operations, after a clean shutdown and after a real
 * kill -9: a child process ({@link RestartWriter}) opens the store, publishes and is killed with
 * the store open (its H2 file unclosed, its {@code registry.open} marker left); then each start is
 * a fresh JVM ({@link RestartOpen}) that opens the store through {@code RegistryStore.open} as the
 * server does, and prints the open's wall-clock time, its process CPU time and the JVM's uptime:
 *
 * <ol>
 *   <li>after the kill -9 of the process that published the N operations;
 *   <li>three clean starts;
 *   <li>after a kill -9 of a process that published one more release (10,000 operations, or N if
 *       fewer), and after one that published nothing;
 *   <li>with {@code fallbacks}: after a kill -9 whose H2 file does not open (its header zeroed):
 *       from the checkpoint, if there is one, then from the whole journal;
 *   <li>the H2 file's fill rate, then {@code SHUTDOWN COMPACT}: its time, the file's size after,
 *       and a clean start on the compacted file.
 * </ol>
 *
 * The recovery's own log line (what it replayed, and in how long) is printed under each start. The
 * data folder (a temporary one unless given) is kept when given, with the count of operations
 * published in {@code restart-bench.ops}, so that a second run at the same size skips publishing.
 * With {@code -Dtollgate.bench.writeDelay=MS}, every process opens the store with H2's {@code
 * WRITE_DELAY} set to that instead of the store's 0 (to compare the file's size and fill rate).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.RestartBenchmark \
 *   OPERATIONS [CHECKPOINT_MB] [DIR] [fallbacks]
 * </pre>
 */
public final class RestartBenchmark {

  private RestartBenchmark() {}

  public static void main(String[] args) throws Exception {
    int operations = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int checkpointMegabytes = args.length > 1 ? Integer.parseInt(args[1]) : 0;
    boolean keep = args.length > 2;
    Path dir = keep ? Path.of(args[2]) : Files.createTempDirectory("tollgate-restart");
    boolean fallbacks = args.length > 3 && args[3].equals("fallbacks");
    StoreSettings config = RestartWriter.settings(dir, checkpointMegabytes);
    Path count = dir.resolve("restart-bench.ops");
    try {
      int published = Files.exists(count) ? Integer.parseInt(Files.readString(count).trim()) : 0;
      if (published < operations) {
        writeAndKill(dir, published, operations - published, checkpointMegabytes);
        Files.writeString(count, Integer.toString(operations));
        printFiles(dir);
        time("start after kill -9 (the publishing process)", dir, checkpointMegabytes);
      } else {
        System.out.printf(Locale.ROOT, "the store in %s holds %,d operations%n", dir, published);
      }
      time("clean start", dir, checkpointMegabytes);
      time("clean start", dir, checkpointMegabytes);
      time("clean start", dir, checkpointMegabytes);
      int total = Math.max(published, operations);
      int from =
          (total + RestartWriter.RELEASE - 1) / RestartWriter.RELEASE * RestartWriter.RELEASE;
      int more = Math.min(RestartWriter.RELEASE, operations);
      writeAndKill(dir, from, more, checkpointMegabytes);
      Files.writeString(count, Integer.toString(from + more));
      time(
          String.format(Locale.ROOT, "start after kill -9 (after publishing %,d more)", more),
          dir,
          checkpointMegabytes);
      writeAndKill(dir, from + RestartWriter.RELEASE, 0, checkpointMegabytes);
      time("start after kill -9 (nothing to replay)", dir, checkpointMegabytes);
      if (fallbacks) {
        writeAndKill(dir, from + RestartWriter.RELEASE, 0, checkpointMegabytes);
        zeroHeader(dir.resolve("registry.mv.db"));
        time(
            "start after kill -9, H2 file damaged (from the checkpoint if any)",
            dir,
            checkpointMegabytes);
        writeAndKill(dir, from + RestartWriter.RELEASE, 0, checkpointMegabytes);
        zeroHeader(dir.resolve("registry.mv.db"));
        Files.deleteIfExists(dir.resolve("registry.checkpoint.zip"));
        time(
            "start after kill -9, H2 file damaged, no checkpoint (whole journal)",
            dir,
            checkpointMegabytes);
        deleteKept(dir);
      }
      compact(config);
      printFiles(dir);
      time("clean start after SHUTDOWN COMPACT", dir, checkpointMegabytes);
    } finally {
      if (!keep) {
        PublishBenchmark.deleteTree(dir);
      }
    }
  }

  /** Runs a {@link RestartWriter} that publishes {@code count} operations, then kills it (-9). */
  private static void writeAndKill(Path dir, int from, int count, int checkpointMegabytes)
      throws IOException, InterruptedException {
    List<String> command = javaCommand(RestartWriter.class);
    command.add(dir.toString());
    command.add(Integer.toString(from));
    command.add(Integer.toString(count));
    command.add(Integer.toString(checkpointMegabytes));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.equals("ready")) {
          child.destroyForcibly(); // SIGKILL on Linux and macOS
          child.waitFor();
          System.out.printf(
              Locale.ROOT, "  (writer killed with kill -9, exit %d)%n", child.exitValue());
          return;
        }
        if (line.startsWith("published") || line.contains("WARN") || line.contains("ERROR")) {
          System.out.println("  writer: " + line);
        }
      }
    }
    throw new IllegalStateException("the writer ended before it was ready: " + child.waitFor());
  }

  /** One start in a fresh JVM ({@link RestartOpen}), as a server's; prints its line. */
  private static void time(String what, Path dir, int checkpointMegabytes)
      throws IOException, InterruptedException {
    List<String> command = javaCommand(RestartOpen.class);
    command.add(dir.toString());
    command.add(Integer.toString(checkpointMegabytes));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    String opened = "(no answer)";
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith("opened in")) {
          opened = line;
        } else if (line.contains("dev.tollgate.registry.store") && line.contains("store:")) {
          System.out.println("  " + line.substring(line.indexOf("store:")));
        } else if (line.contains("Exception")) {
          System.out.println("  " + line);
        }
      }
    }
    child.waitFor();
    System.out.printf(Locale.ROOT, "%s: %s, load %s%n", what, opened, loadAverage());
  }

  /** The H2 file's fill rates, then {@code SHUTDOWN COMPACT} and its time. */
  private static void compact(StoreSettings config) throws SQLException {
    try (Connection connection = DriverManager.getConnection(config.jdbcUrl(), "sa", "");
        Statement statement = connection.createStatement()) {
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
                  + " WHERE SETTING_NAME IN ('info.FILL_RATE', 'info.CHUNKS_FILL_RATE',"
                  + " 'info.CHUNKS_FILL_RATE_RW', 'info.FILE_SIZE', 'info.CHUNK_COUNT')")) {
        while (rows.next()) {
          System.out.printf(Locale.ROOT, "  %s = %s%n", rows.getString(1), rows.getString(2));
        }
      }
      long cpu = RestartWriter.cpuNanos();
      long start = System.nanoTime();
      statement.execute("SHUTDOWN COMPACT");
      System.out.printf(
          Locale.ROOT,
          "SHUTDOWN COMPACT: %,d ms (process CPU %,d ms), load %s%n",
          (System.nanoTime() - start) / 1_000_000,
          (RestartWriter.cpuNanos() - cpu) / 1_000_000,
          loadAverage());
    }
  }

  private static void zeroHeader(Path database) throws IOException {
    try (RandomAccessFile raw = new RandomAccessFile(database.toFile(), "rw")) {
      raw.write(new byte[64 * 1024]); // zeros where H2's header was: the file does not open
    }
  }

  private static List<String> javaCommand(Class<?> main) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    String delay = System.getProperty("tollgate.bench.writeDelay");
    if (delay != null) {
      command.add("-Dtollgate.bench.writeDelay=" + delay);
    }
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(main.getName());
    return command;
  }

  /** The damaged files the fallbacks set aside ({@code registry.mv.db.<time>}): gigabytes at 1M. */
  private static void deleteKept(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.toList()) {
        if (file.getFileName().toString().startsWith("registry.mv.db.")) {
          Files.delete(file);
        }
      }
    }
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    } catch (IOException e) {
      return "?";
    }
  }

  private static void printFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.sorted().toList()) {
        if (Files.isRegularFile(file) && Files.size(file) > 0) {
          System.out.printf(
              Locale.ROOT, "  %-40s %,d bytes%n", file.getFileName(), Files.size(file));
        }
      }
    }
  }
}
