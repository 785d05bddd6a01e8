package dev.tollgate.registry.pricing;

import dev.tollgate.registry.error.ErrorCode;
import java.util.List;
import java.util.Map;

/**
 * A document that does not parse ({@code GRAPHQL_PARSE_FAILED}) or does not validate against the
 * schema ({@code GRAPHQL_VALIDATION_FAILED}); {@link #errors()} are graphql-java's messages.
 */
public final class InvalidDocumentException extends PricingException {

  private final List<String> errors;

  /**
   * @param code {@link ErrorCode#GRAPHQL_PARSE_FAILED} or {@link
   *     ErrorCode#GRAPHQL_VALIDATION_FAILED}
   */
  public InvalidDocumentException(ErrorCode code, List<String> errors) {
    super(code, String.join("; ", errors), Map.of("errors", List.copyOf(errors)));
    this.errors = List.copyOf(errors);
  }

  public List<String> errors() {
    return errors;
  }

  public boolean isSyntaxError() {
    return errorCode() == ErrorCode.GRAPHQL_PARSE_FAILED;
  }
}
