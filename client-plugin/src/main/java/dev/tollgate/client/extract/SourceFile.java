package dev.tollgate.client.extract;

import java.nio.file.Path;

/** A GraphQL file and the name it goes by in messages and source locations. */
record SourceFile(Path path, String displayName) {

  static SourceFile of(Path path, Path baseDirectory) {
    Path absolute = path.toAbsolutePath().normalize();
    Path base = baseDirectory.toAbsolutePath().normalize();
    Path shown = absolute.startsWith(base) ? base.relativize(absolute) : absolute;
    return new SourceFile(path, shown.toString().replace('\\', '/'));
  }
}
