package dev.tollgate.graphqljava;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * What slf4j-simple writes while a block runs: it prints to {@code System.err} as it is at each
 * line, so swapping the stream captures the library's log lines.
 */
final class StdErr {

  private StdErr() {}

  /** The lines written to {@code System.err} while {@code block} ran. */
  static String during(ThrowingRunnable block) throws Exception {
    PrintStream original = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      block.run();
    } finally {
      System.setErr(original);
    }
    String text = captured.toString(StandardCharsets.UTF_8);
    original.print(text);
    return text;
  }

  /** A block that may throw. */
  interface ThrowingRunnable {
    void run() throws Exception;
  }
}
