package dev.tollgate.client.extract;

import java.util.Comparator;

/**
 * One reason extraction refused the sources.
 *
 * @param file the file, relative to the base directory when it lies below it
 * @param line the 1-based line, or 0 when graphql-java gave no location
 * @param message what is wrong
 */
public record ExtractionProblem(String file, int line, String message) {

  static final Comparator<ExtractionProblem> ORDER =
      Comparator.comparing(ExtractionProblem::file)
          .thenComparingInt(ExtractionProblem::line)
          .thenComparing(ExtractionProblem::message);

  @Override
  public String toString() {
    return line > 0 ? file + ":" + line + ": " + message : file + ": " + message;
  }
}
