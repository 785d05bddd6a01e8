package dev.tollgate.registry.pricing;

import dev.tollgate.registry.limit.Facts;
import dev.tollgate.registry.limit.Limit;

/** More tokens than the limit: the parser stopped ({@code MAX_TOKENS_EXCEEDED}). */
public final class TokenLimitExceededException extends PricingException {

  private final int maxTokens;

  public TokenLimitExceededException(int maxTokens) {
    super(Limit.TOKENS.code(), message(maxTokens));
    this.maxTokens = maxTokens;
  }

  public int maxTokens() {
    return maxTokens;
  }

  /** The message of this refusal, for callers that report it from cached facts without throwing. */
  public static String message(int maxTokens) {
    return Limit.TOKENS.message(Facts.NOT_MEASURED, maxTokens);
  }
}
