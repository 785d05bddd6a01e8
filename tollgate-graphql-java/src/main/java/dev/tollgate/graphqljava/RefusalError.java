package dev.tollgate.graphqljava;

import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.answer.Answers;
import graphql.ErrorClassification;
import graphql.GraphQLError;
import graphql.language.SourceLocation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A refusal as the gateway writes it in {@code errors}: {@code {message, extensions: {code, ...}}},
 * nothing else (no locations, no path, no classification), so a client cannot tell which way in
 * answered: the core's {@link Answers#error}, which the gateway writes too.
 */
final class RefusalError implements GraphQLError {

  private static final long serialVersionUID = 1L;

  private final String message;
  private final String code;
  private final Map<String, Object> extensions;

  private RefusalError(String message, String code, Map<String, Object> extensions) {
    this.message = message;
    this.code = code;
    this.extensions = extensions;
  }

  static RefusalError of(Refusal refusal) {
    return new RefusalError(
        Answers.message(refusal), refusal.code(), Answers.errorExtensions(refusal));
  }

  @Override
  public String getMessage() {
    return message;
  }

  @Override
  public List<SourceLocation> getLocations() {
    return List.of();
  }

  @Override
  public ErrorClassification getErrorType() {
    return ErrorClassification.errorClassification(code);
  }

  @Override
  public Map<String, Object> getExtensions() {
    return new LinkedHashMap<>(extensions);
  }

  @Override
  public Map<String, Object> toSpecification() {
    return Answers.error(message, getExtensions());
  }

  @Override
  public String toString() {
    return "RefusalError{" + code + ": " + message + "}";
  }
}
