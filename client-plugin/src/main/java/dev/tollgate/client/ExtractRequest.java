package dev.tollgate.client;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What to extract and where to write it.
 *
 * @param sourceDirectories folders scanned for {@code .graphql}/{@code .gql} files
 * @param schema a schema file to validate operations against, or {@code null} for none
 * @param baseDirectory the project folder; file names in problems are shown relative to it
 * @param manifestFile where the manifest is written
 * @param allowEmpty whether a manifest without operations is written; else it is an error ({@link
 *     NoOperationsException})
 */
public record ExtractRequest(
    List<Path> sourceDirectories,
    @Nullable Path schema,
    Path baseDirectory,
    Path manifestFile,
    boolean allowEmpty) {

  public ExtractRequest {
    sourceDirectories = List.copyOf(sourceDirectories);
    requireNonNull(baseDirectory, "baseDirectory");
    requireNonNull(manifestFile, "manifestFile");
  }

  /** An empty manifest allowed (the Maven goal, which warns instead). */
  public ExtractRequest(
      List<Path> sourceDirectories, @Nullable Path schema, Path baseDirectory, Path manifestFile) {
    this(sourceDirectories, schema, baseDirectory, manifestFile, true);
  }

  /** {@code src/main/graphql} and {@code src/main/resources/graphql} below {@code base}. */
  public static List<Path> defaultSourceDirectories(Path base) {
    return List.of(base.resolve("src/main/graphql"), base.resolve("src/main/resources/graphql"));
  }
}
