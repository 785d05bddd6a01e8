package dev.tollgate.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A standalone reproduction, on plain JDBC and H2 alone, of the question "does an H2 file reopened
 * after kill -9 hold rows of a transaction that never committed?". A child JVM writes transactions
 * shaped like a publication: one row in {@code v} (the version), {@code ROWS} rows in {@code a}
 * (its documents, one JDBC batch) and one row in {@code b} (its change row, last), then commits and
 * prints the transaction's id (acknowledged). The parent kills it with a real kill -9 ({@link
 * Process#destroyForcibly}, SIGKILL on Linux) at a random time, reopens the file with the same URL
 * and counts: versions without a change row or with a document count other than {@code ROWS}
 * (partial, uncommitted rows kept) and acknowledged ids missing (lost).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.H2KillRepro KILLS ROWS WRITERS BACKUP_MS DIR [URL_OPTIONS]
 * </pre>
 *
 * {@code WRITERS} threads write at once (1: one writer, as Tollgate's writers take turns);
 * BACKUP_MS > 0 runs {@code BACKUP TO} every that many ms beside them (Tollgate's H2 checkpoint),
 * and the parent then also opens the last complete backup and checks it the same way. URL_OPTIONS
 * default to Tollgate's ({@code MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;
 * WRITE_DELAY=0}). To try another H2, put its jar first on the class path ({@code -cp
 * h2-2.4.240.jar:benchmarks/target/benchmarks.jar}); the child gets the same class path. When a
 * file holds uncommitted rows, a second session counts again while the first keeps its transaction
 * open (H2 shows a leftover entry whose undo record was lost to the transaction that reuses its
 * id).
 *
 * <p>Found on 2026-12-03 (2 cores, load 11-18 from other work), ROWS 1,000, Tollgate's URL: one
 * writer, no uncommitted rows in 70 kills (40 with a 300-byte VARCHAR payload, 30 with a
 * 1,080-character TEXT one). Four writers, 1,080-character VARCHAR: H2 2.5.252 kept rows of an
 * uncommitted transaction (its {@code v} row and a prefix of its {@code a} rows, no {@code b} row)
 * in 8 of 30 files, visible to every session; 2.5.250 in 5 of 30; 2.4.240 and 2.3.232 in 0 of 30
 * each. With {@code BACKUP TO} every 300 ms beside four writers on 2.5.252: 6 of 20 files and 2 of
 * 17 backups held such rows. No run lost an acknowledged transaction.
 */
public final class H2KillRepro {

  static final String TOLLGATE_OPTIONS =
      "MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;WRITE_DELAY=0";

  /** Longer than H2 keeps in a row (a TEXT value this long goes to its LOB storage). */
  private static final String PAYLOAD = "query Q { field(arg: 1) { a b c } }".repeat(30);

  private static final String PAYLOAD_TYPE = System.getProperty("h2repro.payload", "VARCHAR");

  private H2KillRepro() {}

  public static void main(String[] args) throws Exception {
    if (args[0].equals("child")) {
      child(
          Path.of(args[1]),
          Integer.parseInt(args[2]),
          Integer.parseInt(args[3]),
          Integer.parseInt(args[4]),
          args[5]);
      return;
    }
    int kills = Integer.parseInt(args[0]);
    int rows = Integer.parseInt(args[1]);
    int writers = Integer.parseInt(args[2]);
    int backupMs = Integer.parseInt(args[3]);
    Path root = Path.of(args[4]);
    String options = args.length > 5 ? args[5] : TOLLGATE_OPTIONS;
    parent(kills, rows, writers, backupMs, root, options);
  }

  /* ---- the parent: kill, reopen, count ---- */

  private static void parent(
      int kills, int rows, int writers, int backupMs, Path root, String options) throws Exception {
    Random random = new Random();
    int badFiles = 0;
    int badBackups = 0;
    int lostFiles = 0;
    int backupsChecked = 0;
    for (int kill = 1; kill <= kills; kill++) {
      Path dir = root.resolve("kill-" + kill);
      deleteTree(dir);
      Files.createDirectories(dir);
      Process child =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-Xmx256m",
                  "-Dh2repro.payload=" + PAYLOAD_TYPE,
                  "-cp",
                  System.getProperty("java.class.path"),
                  H2KillRepro.class.getName(),
                  "child",
                  dir.toString(),
                  String.valueOf(rows),
                  String.valueOf(writers),
                  String.valueOf(backupMs),
                  options)
              .redirectErrorStream(true)
              .start();
      Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
      List<String> backups = new ArrayList<>();
      java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
      Thread reader = new Thread(() -> readChild(child, acknowledged, backups, started));
      reader.start();
      started.await(60, TimeUnit.SECONDS);
      long delay = 500 + random.nextInt(4500);
      Thread.sleep(delay);
      child.destroyForcibly();
      child.waitFor(30, TimeUnit.SECONDS);
      reader.join();
      Check file = check(dir.resolve("db"), options, rows, acknowledged);
      String line =
          String.format(
              Locale.ROOT,
              "kill %d at %d ms: acknowledged %d, file %s",
              kill,
              delay,
              acknowledged.size(),
              file);
      if (!file.partial().isEmpty()) {
        badFiles++;
      }
      if (file.lost() > 0) {
        lostFiles++;
      }
      String last;
      synchronized (backups) {
        last = backups.isEmpty() ? null : backups.get(backups.size() - 1);
      }
      if (last != null) {
        Path restored = dir.resolve("restored");
        Files.createDirectories(restored);
        unzip(Path.of(last), restored);
        Check backup = check(restored.resolve("db"), options, rows, Set.of());
        backupsChecked++;
        if (!backup.partial().isEmpty()) {
          badBackups++;
        }
        line += ", backup " + backup;
      }
      System.out.println(line);
      deleteTree(dir);
    }
    System.out.printf(
        Locale.ROOT,
        "SUMMARY kills=%d rows=%d writers=%d backupMs=%d payload=%s options=%s: files with uncommitted rows"
            + " %d, files missing acknowledged transactions %d, backups with uncommitted rows %d"
            + " of %d%n",
        kills,
        rows,
        writers,
        backupMs,
        PAYLOAD_TYPE,
        options,
        badFiles,
        lostFiles,
        badBackups,
        backupsChecked);
  }

  private static void readChild(
      Process child,
      Set<Long> acknowledged,
      List<String> backups,
      java.util.concurrent.CountDownLatch started) {
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.startsWith("c ")) {
          acknowledged.add(Long.parseLong(line.substring(2)));
        } else if (line.startsWith("backup ")) {
          synchronized (backups) {
            backups.add(line.substring(7));
          }
        } else if (line.equals("started")) {
          started.countDown();
        } else {
          System.out.println("child: " + line);
        }
      }
    } catch (IOException e) {
      // the child was killed mid-line
    }
  }

  /** What a reopened file holds. */
  record Check(
      long versions, long changes, long rows, List<String> partial, long lost, String second) {
    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "v=%d b=%d a=%d partial=%s lost=%d%s",
          versions,
          changes,
          rows,
          partial,
          lost,
          second);
    }
  }

  private static Check check(Path db, String options, int rows, Set<Long> acknowledged)
      throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:h2:" + db + ";" + options, "sa", "");
        Statement s = c.createStatement()) {
      // this session's transaction stays open, so it keeps H2's first transaction id (1) and a
      // second session's reads run under another id
      c.setAutoCommit(false);
      long versions = one(s, "SELECT COUNT(*) FROM v");
      long changes = one(s, "SELECT COUNT(*) FROM b");
      long all = one(s, "SELECT COUNT(*) FROM a");
      List<String> partial = new ArrayList<>();
      try (ResultSet r =
          s.executeQuery(
              "SELECT v.id, (SELECT COUNT(*) FROM a WHERE a.v = v.id),"
                  + " (SELECT COUNT(*) FROM b WHERE b.v = v.id) FROM v ORDER BY v.id")) {
        while (r.next()) {
          if (r.getLong(2) != rows || r.getLong(3) != 1) {
            partial.add(r.getLong(1) + ":" + r.getLong(2) + "/" + r.getLong(3));
          }
        }
      }
      long orphans = one(s, "SELECT COUNT(*) FROM a WHERE v NOT IN (SELECT id FROM v)");
      if (orphans > 0) {
        partial.add("orphan rows " + orphans);
      }
      long lost = 0;
      try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM b WHERE v = ?")) {
        for (long id : acknowledged) {
          p.setLong(1, id);
          try (ResultSet r = p.executeQuery()) {
            r.next();
            if (r.getLong(1) != 1) {
              lost++;
            }
          }
        }
      }
      String second = "";
      if (!partial.isEmpty()) {
        try (Connection c2 =
                DriverManager.getConnection("jdbc:h2:" + db + ";" + options, "sa", "");
            Statement s2 = c2.createStatement()) {
          c2.setAutoCommit(false);
          second =
              String.format(
                  Locale.ROOT,
                  " (a second session, while the first holds its transaction: v=%d b=%d a=%d)",
                  one(s2, "SELECT COUNT(*) FROM v"),
                  one(s2, "SELECT COUNT(*) FROM b"),
                  one(s2, "SELECT COUNT(*) FROM a"));
        }
      }
      return new Check(versions, changes, all, partial, lost, second);
    }
  }

  private static long one(Statement s, String sql) throws SQLException {
    try (ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getLong(1);
    }
  }

  /* ---- the child: write until killed ---- */

  private static void child(Path dir, int rows, int writers, int backupMs, String options)
      throws Exception {
    String url = "jdbc:h2:" + dir.resolve("db") + ";" + options;
    try (Connection c = DriverManager.getConnection(url, "sa", "");
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE v (id BIGINT PRIMARY KEY, at TIMESTAMP)");
      s.execute(
          "CREATE TABLE a (v BIGINT NOT NULL, n INT NOT NULL, payload "
              + PAYLOAD_TYPE
              + ","
              + " PRIMARY KEY (v, n))");
      s.execute("CREATE TABLE b (v BIGINT PRIMARY KEY, kind VARCHAR(20))");
    }
    System.out.println("started");
    System.out.flush();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < writers; w++) {
      int writer = w;
      Thread t = new Thread(() -> write(url, rows, writer, writers));
      t.start();
      threads.add(t);
    }
    if (backupMs > 0) {
      Connection c = DriverManager.getConnection(url, "sa", "");
      for (int n = 1; ; n++) {
        Thread.sleep(backupMs);
        Path zip = dir.resolve("backup-" + n + ".zip");
        try (Statement s = c.createStatement()) {
          s.execute("BACKUP TO '" + zip + "'");
        }
        System.out.println("backup " + zip);
        System.out.flush();
      }
    }
    for (Thread t : threads) {
      t.join();
    }
  }

  private static void write(String url, int rows, int writer, int writers) {
    try (Connection c = DriverManager.getConnection(url, "sa", "")) {
      c.setAutoCommit(false);
      PreparedStatement v = c.prepareStatement("INSERT INTO v VALUES (?, CURRENT_TIMESTAMP)");
      PreparedStatement a = c.prepareStatement("INSERT INTO a VALUES (?, ?, ?)");
      PreparedStatement b = c.prepareStatement("INSERT INTO b VALUES (?, 'publish')");
      for (long id = writer + 1; ; id += writers) {
        v.setLong(1, id);
        v.executeUpdate();
        for (int n = 0; n < rows; n++) {
          a.setLong(1, id);
          a.setInt(2, n);
          a.setString(3, PAYLOAD);
          a.addBatch();
        }
        a.executeBatch();
        b.setLong(1, id);
        b.executeUpdate();
        c.commit();
        synchronized (System.out) {
          System.out.println("c " + id);
          System.out.flush();
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /* ---- files ---- */

  private static void unzip(Path zip, Path into) throws IOException {
    try (java.util.zip.ZipInputStream in =
        new java.util.zip.ZipInputStream(Files.newInputStream(zip))) {
      for (java.util.zip.ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        Path target = into.resolve(Path.of(e.getName()).getFileName().toString());
        Files.copy(in, target);
      }
    }
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted((x, y) -> y.compareTo(x)).toList()) {
        Files.delete(p);
      }
    }
  }
}
