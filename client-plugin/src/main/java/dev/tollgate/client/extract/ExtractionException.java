package dev.tollgate.client.extract;

import dev.tollgate.client.TollgateClientException;
import java.util.List;

/** The GraphQL sources (or the schema) cannot become a manifest; every problem found is listed. */
public final class ExtractionException extends TollgateClientException {

  private final List<ExtractionProblem> problems;

  ExtractionException(List<ExtractionProblem> problems) {
    super(describe(problems));
    this.problems = List.copyOf(problems);
  }

  public List<ExtractionProblem> problems() {
    return problems;
  }

  @Override
  public String code() {
    return "EXTRACTION_FAILED";
  }

  private static String describe(List<ExtractionProblem> problems) {
    StringBuilder text = new StringBuilder();
    text.append(problems.size()).append(problems.size() == 1 ? " problem" : " problems");
    text.append(" in GraphQL sources:");
    for (ExtractionProblem problem : problems) {
      text.append("\n  ").append(problem);
    }
    return text.toString();
  }
}
