package dev.tollgate.registry.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * The embedded store's {@code registry.open} marker, present from open to clean close: the process,
 * the time and the system's boot, e.g. {@code open by process 4242 since 2026-12-03T14:00:00Z on
 * boot 5f0c…}. Found at start, it says the previous run did not close the store; its boot id says
 * whether the system restarted since ({@link EmbeddedStart}).
 */
final class OpenMarker {

  /** Linux's id of the running boot (inside a container too: the host's); else empty. */
  private static final String BOOT_ID = bootId();

  private OpenMarker() {}

  /** What this process writes in the marker. */
  static String text() {
    return "open by process "
        + ProcessHandle.current().pid()
        + " since "
        + Instant.now()
        + " on boot "
        + BOOT_ID;
  }

  /** Writes the marker and forces it, and its folder entry, to disk. */
  static void write(Path marker) {
    try (FileChannel out =
        FileChannel.open(
            marker,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      out.write(ByteBuffer.wrap(text().getBytes(StandardCharsets.UTF_8)));
      out.force(true);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + marker, e);
    }
    EmbeddedStart.forceParent(marker);
  }

  /**
   * Whether the marker was written since the system last booted: then only the process died (kill
   * -9, a crash of the JVM), and every write H2 made is in the file or in the system's page cache,
   * so the file reads as H2 left it. After a reboot (power loss, a crash of the system) it may lack
   * writes never flushed. Without a boot id (not Linux) it cannot tell, and says no.
   */
  static boolean sameBoot(Path marker) {
    return !BOOT_ID.isEmpty() && read(marker).endsWith(" on boot " + BOOT_ID);
  }

  /** The marker's text; empty when it cannot be read. */
  static String read(Path marker) {
    try {
      return Files.readString(marker, StandardCharsets.UTF_8).trim();
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }

  private static String bootId() {
    try {
      return Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).trim();
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }
}
