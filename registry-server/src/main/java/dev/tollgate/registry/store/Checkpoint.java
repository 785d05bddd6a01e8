package dev.tollgate.registry.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded store's checkpoint, {@code registry.checkpoint.zip}: a copy of the H2 file made by
 * H2's {@code BACKUP TO} while the store serves. The copy is transactionally consistent (H2's
 * MVStore backs up one committed version), and writers commit in journal order ({@link
 * StoreTransactions}), so it holds exactly the journal's first N records, N being its count of
 * changes and audit entries. After an unclean shutdown the store starts from it and replays only
 * the journal's records after N ({@link EmbeddedStart}), instead of the whole journal.
 *
 * <p>A checkpoint is only a shortcut: one that does not open, or holds more records than the
 * journal, is set aside and the store is rebuilt from the whole journal, as without one.
 */
final class Checkpoint {

  private static final Logger LOG = LoggerFactory.getLogger(Checkpoint.class);

  private Checkpoint() {}

  /** Writes the checkpoint of the store behind {@code jdbi}: a temporary file, then renamed. */
  static void take(Jdbi jdbi, H2Files files) {
    long started = System.nanoTime();
    Path temporary = temporary(files);
    try {
      Files.deleteIfExists(temporary);
      String target = temporary.toString().replace("'", "''");
      jdbi.useHandle(handle -> handle.execute("BACKUP TO '" + target + "'"));
      forceFile(temporary);
      Files.move(
          temporary,
          files.checkpoint(),
          StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
      EmbeddedStart.forceParent(files.checkpoint());
      LOG.info(
          "store: checkpoint written to {} ({} bytes) in {} ms",
          files.checkpoint(),
          Files.size(files.checkpoint()),
          (System.nanoTime() - started) / 1_000_000);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the checkpoint " + files.checkpoint(), e);
    }
  }

  /**
   * Puts the checkpoint's copy of the H2 file where the store opens it.
   *
   * @return false when there is no checkpoint
   */
  static boolean restore(H2Files files) {
    if (!Files.exists(files.checkpoint())) {
      return false;
    }
    String name = files.database().getFileName().toString();
    Path temporary = files.database().resolveSibling(name + ".restoring");
    try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(files.checkpoint()))) {
      boolean found = false;
      for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
        if (Path.of(entry.getName()).getFileName().toString().equals(name)) {
          Files.copy(zip, temporary, StandardCopyOption.REPLACE_EXISTING);
          found = true;
          break;
        }
      }
      if (!found) {
        throw new IOException("the checkpoint holds no " + name);
      }
      forceFile(temporary);
      Files.move(temporary, files.database(), StandardCopyOption.ATOMIC_MOVE);
      EmbeddedStart.forceParent(files.database());
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot restore the checkpoint " + files.checkpoint(), e);
    } finally {
      deleteQuietly(temporary);
    }
  }

  /**
   * Sets a checkpoint that cannot serve aside, as {@code registry.checkpoint.zip.<time>}, so that
   * the next start does not try it again.
   */
  static void setAside(H2Files files, Path kept) {
    try {
      if (Files.exists(files.checkpoint())) {
        Files.move(files.checkpoint(), kept, StandardCopyOption.ATOMIC_MOVE);
        EmbeddedStart.forceParent(kept);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot move the checkpoint aside to " + kept, e);
    }
  }

  /** Removes the checkpoint: the tables no longer number the journal's records as it does. */
  static void discard(H2Files files) {
    try {
      boolean removed = Files.deleteIfExists(files.checkpoint());
      removed |= Files.deleteIfExists(files.checkpointLength());
      if (removed) {
        EmbeddedStart.forceParent(files.checkpoint());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the checkpoint " + files.checkpoint(), e);
    }
  }

  private static Path temporary(H2Files files) {
    return files.checkpoint().resolveSibling(files.checkpoint().getFileName() + ".writing");
  }

  private static void forceFile(Path file) throws IOException {
    try (var channel =
        java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
      channel.force(true);
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      LOG.debug("cannot remove {}", file, e);
    }
  }
}
