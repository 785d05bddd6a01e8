package dev.tollgate.client.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@code command --flag value … --switch …}; {@code --source} may repeat, every other flag appears
 * once; a switch ({@link #SWITCHES}) takes no value.
 */
record CliArguments(
    String command, Map<String, String> flags, List<String> sources, Set<String> switches) {

  static final Set<String> SWITCHES = Set.of("--allow-empty", "--fail-on-unaffordable");

  static final Set<String> FLAGS =
      Set.of(
          "--registry",
          "--token",
          "--app",
          "--version",
          "--manifest",
          "--source",
          "--schema",
          "--out",
          "--max-cost",
          "--max-increase",
          "--fail-on-over-limit");

  static CliArguments parse(String... args) {
    if (args.length == 0) {
      throw new UsageException("no command given");
    }
    Map<String, String> flags = new HashMap<>();
    List<String> sources = new ArrayList<>();
    Set<String> switches = new HashSet<>();
    for (int i = 1; i < args.length; i += 2) {
      String flag = args[i];
      if (SWITCHES.contains(flag)) {
        switches.add(flag);
        i--;
        continue;
      }
      if (!FLAGS.contains(flag)) {
        throw new UsageException("unknown option " + flag);
      }
      if (i + 1 >= args.length) {
        throw new UsageException(flag + " needs a value");
      }
      if (flag.equals("--source")) {
        sources.add(args[i + 1]);
      } else if (flags.put(flag, args[i + 1]) != null) {
        throw new UsageException(flag + " given twice");
      }
    }
    return new CliArguments(args[0], Map.copyOf(flags), List.copyOf(sources), Set.copyOf(switches));
  }

  boolean has(String flag) {
    return switches.contains(flag);
  }

  @Nullable String get(String flag) {
    return flags.get(flag);
  }

  String require(String flag) {
    String value = flags.get(flag);
    if (value == null || value.isBlank()) {
      throw new UsageException(flag + " is required for " + command);
    }
    return value;
  }

  /** A wrong command line: the usage text follows the message, exit code 2. */
  static final class UsageException extends RuntimeException {
    UsageException(String message) {
      super(message);
    }
  }

  /**
   * A command line that parses but names what is not there (a folder, a token): one line, exit code
   * 2.
   */
  static final class InputException extends RuntimeException {
    InputException(String message) {
      super(message);
    }
  }
}
