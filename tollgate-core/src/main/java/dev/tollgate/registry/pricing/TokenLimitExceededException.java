package dev.tollgate.registry.pricing;

import dev.tollgate.registry.error.ErrorCode;

/** More tokens than the limit: the parser stopped ({@code MAX_TOKENS_EXCEEDED}). */
public final class TokenLimitExceededException extends PricingException {

  private final int maxTokens;

  public TokenLimitExceededException(int maxTokens) {
    super(ErrorCode.MAX_TOKENS_EXCEEDED, message(maxTokens));
    this.maxTokens = maxTokens;
  }

  public int maxTokens() {
    return maxTokens;
  }

  /** The message of this refusal, for callers that report it from cached facts without throwing. */
  public static String message(int maxTokens) {
    return "Document contains more than " + maxTokens + " tokens. Parsing aborted.";
  }
}
