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
   * @param errors graphql-java's messages; each is kept at most {@value EchoedValues#MAX_CHARS}
   *     characters long
   */
  public InvalidDocumentException(ErrorCode code, List<String> errors) {
    super(code, String.join("; ", capped(errors)), Map.of("errors", capped(errors)));
    this.errors = capped(errors);
  }

  /** Each message with its echoed value capped ({@link EchoedValues}). */
  private static List<String> capped(List<String> errors) {
    return errors.stream().map(EchoedValues::cap).toList();
  }

  public List<String> errors() {
    return errors;
  }

  public boolean isSyntaxError() {
    return errorCode() == ErrorCode.GRAPHQL_PARSE_FAILED;
  }
}
