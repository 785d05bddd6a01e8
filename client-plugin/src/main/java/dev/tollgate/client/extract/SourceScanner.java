package dev.tollgate.client.extract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Finds the {@code .graphql} and {@code .gql} files below the source folders, in a stable order.
 */
final class SourceScanner {

  private static final Set<String> EXTENSIONS = Set.of("graphql", "gql");

  private SourceScanner() {}

  static List<SourceFile> scan(List<Path> directories, Path baseDirectory) {
    List<SourceFile> files = new ArrayList<>();
    for (Path directory : directories) {
      for (Path path : graphqlFilesIn(directory)) {
        files.add(SourceFile.of(path, baseDirectory));
      }
    }
    files.sort(Comparator.comparing(SourceFile::displayName));
    return files;
  }

  private static List<Path> graphqlFilesIn(Path directory) {
    // a missing folder is normal: the defaults name two and most projects use one
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      return paths.filter(Files::isRegularFile).filter(SourceScanner::isGraphql).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + directory, e);
    }
  }

  private static boolean isGraphql(Path path) {
    String name = path.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot >= 0 && EXTENSIONS.contains(name.substring(dot + 1));
  }
}
