package dev.tollgate.registry.store;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * The files of one embedded H2 store, named after its database: {@code registry.mv.db} (H2's),
 * {@code registry.tgj} (the journal), {@code registry.checkpoint.zip} (a copy of the H2 file, with
 * the journal's length then in {@code registry.checkpoint.zip.length}), {@code registry.lock} (held
 * while a process has the store open) and {@code registry.open} (present from open to clean close).
 */
record H2Files(Path base) {

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  /** The files of an H2 URL on a file ({@code jdbc:h2:file:PATH;...} or {@code jdbc:h2:PATH}). */
  static Optional<H2Files> of(String jdbcUrl) {
    if (!jdbcUrl.startsWith("jdbc:h2:")) {
      return Optional.empty();
    }
    String rest = jdbcUrl.substring("jdbc:h2:".length());
    int options = rest.indexOf(';');
    String path = options < 0 ? rest : rest.substring(0, options);
    if (path.startsWith("file:")) {
      path = path.substring("file:".length());
    } else if (path.matches("^[a-z]{2,}:.*")) {
      return Optional.empty(); // mem:, tcp:, ssl:, zip: and the like: no file of ours
    }
    if (path.startsWith("~")) {
      path = System.getProperty("user.home") + path.substring(1);
    }
    return Optional.of(new H2Files(Path.of(path).toAbsolutePath()));
  }

  Path database() {
    return sibling(".mv.db");
  }

  Path journal() {
    return sibling(".tgj");
  }

  Path lock() {
    return sibling(".lock");
  }

  Path marker() {
    return sibling(".open");
  }

  /** The {@link Checkpoint}: a copy of the H2 file at a known length of the journal. */
  Path checkpoint() {
    return sibling(".checkpoint.zip");
  }

  /** The journal's length, in bytes, when the checkpoint was written. */
  Path checkpointLength() {
    return sibling(".checkpoint.zip.length");
  }

  /**
   * Where a file that is no longer trusted is kept, e.g. {@code registry.mv.db.20261201T045000Z}.
   */
  Path kept(Path file, Instant now) {
    return file.resolveSibling(file.getFileName() + "." + STAMP.format(now));
  }

  private Path sibling(String suffix) {
    return base.resolveSibling(base.getFileName() + suffix);
  }
}
