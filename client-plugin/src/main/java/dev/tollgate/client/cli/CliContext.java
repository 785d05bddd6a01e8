package dev.tollgate.client.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Where a command reads and writes: its output streams, the environment (for {@code
 * TOLLGATE_REGISTRY_URL} and {@code TOLLGATE_TOKEN}) and the folder relative paths start from.
 */
record CliContext(
    PrintStream out, PrintStream err, Map<String, String> environment, Path workingDirectory) {

  Path resolve(String path) {
    return workingDirectory.resolve(path);
  }

  /** {@code value} when given, else the environment variable {@code name}. */
  @Nullable String orEnvironment(@Nullable String value, String name) {
    return value != null ? value : environment.get(name);
  }
}
