package dev.tollgate.graphqljava;

import dev.tollgate.registry.admission.Refusal;
import graphql.ErrorClassification;
import graphql.GraphQLError;
import graphql.language.SourceLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A refusal as the gateway writes it in {@code errors}: {@code {message, extensions: {code, ...}}},
 * nothing else (no locations, no path, no classification), so a client cannot tell which way in
 * answered. The gateway's {@code GatewayBodies.error} writes the same shape; this is its copy for
 * the in-process way in until that rendering moves to the core.
 */
final class RefusalError implements GraphQLError {

  private static final long serialVersionUID = 1L;

  /** graphql-java's suggestions name schema fields the caller never asked for. */
  private static final Pattern SUGGESTION = Pattern.compile("\\s*Did you mean[^?]*\\?");

  private final String message;
  private final String code;
  private final LinkedHashMap<String, Object> extensions;

  private RefusalError(String message, String code, LinkedHashMap<String, Object> extensions) {
    this.message = message;
    this.code = code;
    this.extensions = extensions;
  }

  static RefusalError of(Refusal refusal) {
    LinkedHashMap<String, Object> extensions = new LinkedHashMap<>();
    extensions.put("code", refusal.code());
    for (Map.Entry<String, Object> entry : refusal.extensions().entrySet()) {
      extensions.put(entry.getKey(), withoutSuggestions(entry.getValue()));
    }
    return new RefusalError(
        (String) withoutSuggestions(refusal.message()), refusal.code(), extensions);
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
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("message", message);
    error.put("extensions", getExtensions());
    return error;
  }

  @Override
  public String toString() {
    return "RefusalError{" + code + ": " + message + "}";
  }

  private static Object withoutSuggestions(Object value) {
    if (value instanceof String text) {
      return SUGGESTION.matcher(text).replaceAll("");
    }
    if (value instanceof List<?> list) {
      List<Object> cleaned = new ArrayList<>(list.size());
      for (Object item : list) {
        cleaned.add(item == null ? "" : withoutSuggestions(item));
      }
      return cleaned;
    }
    return value;
  }
}
