package dev.tollgate.registry.pricing;

import dev.tollgate.registry.ErrorKind;
import java.util.List;
import java.util.Map;

/**
 * A document that does not parse ({@code GRAPHQL_PARSE_FAILED}) or does not validate against the
 * schema ({@code GRAPHQL_VALIDATION_FAILED}); {@link #errors()} are graphql-java's messages.
 */
public final class InvalidDocumentException extends PricingException {

  private final List<String> errors;

  public InvalidDocumentException(String code, List<String> errors) {
    super(code, ErrorKind.UNPROCESSABLE, String.join("; ", errors));
    this.errors = List.copyOf(errors);
  }

  public List<String> errors() {
    return errors;
  }

  public boolean isSyntaxError() {
    return "GRAPHQL_PARSE_FAILED".equals(code());
  }

  @Override
  public Map<String, Object> extensions() {
    return Map.of("errors", errors);
  }
}
