package dev.tollgate.graphqljava;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;

/** The snapshot kept on disk, to start from when the registry cannot be reached. */
final class SnapshotFile {

  private SnapshotFile() {}

  /** Writes {@code snapshot} to {@code file} whole: a temporary file beside it, then moved. */
  static void save(Path file, RegistrySnapshot snapshot) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) {
      Files.createDirectories(dir);
    }
    Path temp =
        Files.createTempFile(
            dir != null ? dir : Path.of("."), file.getFileName().toString(), ".tmp");
    try {
      Files.write(temp, snapshot.raw());
      try {
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** The snapshot in {@code file}; one line ({@link IllegalStateException}) when unreadable. */
  static RegistrySnapshot load(Path file) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot read the snapshot file " + file + ": " + e.getMessage(), e);
    }
    return RegistrySnapshot.read(bytes, null, "snapshot file " + file);
  }

  /** When {@code file} was written; the epoch when that cannot be read. */
  static Instant modified(Path file) {
    try {
      return Files.getLastModifiedTime(file).toInstant();
    } catch (IOException e) {
      return Instant.EPOCH;
    }
  }
}
