package dev.tollgate.registry.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes the embedded store's {@link Checkpoint} on a background thread once the journal has grown
 * by {@code store.checkpointMegabytes} since the last one, so that a start after a crash replays at
 * most about that much of the journal. While it is written, writers wait (it runs under their lock,
 * so no transaction is half done in the copy); readers and the gateway do not. The journal's length
 * at the checkpoint is kept beside it ({@code registry.checkpoint.zip.length}), so the count
 * survives restarts.
 */
final class Checkpointer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Checkpointer.class);

  private final H2Files files;
  private final Jdbi jdbi;
  private final long everyBytes;
  private final ExecutorService thread =
      Executors.newSingleThreadExecutor(
          runnable -> {
            Thread worker = new Thread(runnable, "tollgate-checkpoint");
            worker.setDaemon(true);
            return worker;
          });

  /** The journal's length at the last checkpoint; guarded by the writers' lock. */
  private long checkpointed;

  private volatile boolean running;

  /**
   * @param everyBytes the journal's growth that calls for a checkpoint; 0: never
   */
  Checkpointer(H2Files files, Jdbi jdbi, long everyBytes) {
    this.files = files;
    this.jdbi = jdbi;
    this.everyBytes = everyBytes;
    this.checkpointed = Files.exists(files.checkpoint()) ? readLength(files) : 0;
  }

  /**
   * After a committed write, with the writers' lock {@code writers} held: schedules a checkpoint
   * when the journal ({@code journalBytes} long now) has grown enough since the last one.
   */
  void committed(long journalBytes, Object writers) {
    if (everyBytes <= 0 || running || journalBytes - checkpointed < everyBytes) {
      return;
    }
    running = true;
    thread.execute(() -> take(writers));
  }

  /** Writes a checkpoint now, on this thread, once {@code writers} (the writers' lock) is free. */
  void take(Object writers) {
    try {
      synchronized (writers) {
        long length = Files.size(files.journal());
        Checkpoint.take(jdbi, files);
        Files.writeString(files.checkpointLength(), Long.toString(length), StandardCharsets.UTF_8);
        checkpointed = length;
      }
    } catch (IOException | RuntimeException e) {
      LOG.warn(
          "store: the checkpoint could not be written ({}); the journal has it all", e.toString());
    } finally {
      running = false;
    }
  }

  private static long readLength(H2Files files) {
    try {
      return Long.parseLong(Files.readString(files.checkpointLength()).trim());
    } catch (IOException | NumberFormatException e) {
      return 0;
    }
  }

  /** Lets a checkpoint being written finish (a minute at most), then stops the thread. */
  @Override
  public void close() {
    thread.shutdown();
    try {
      if (!thread.awaitTermination(1, TimeUnit.MINUTES)) {
        thread.shutdownNow();
      }
    } catch (InterruptedException e) {
      thread.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
