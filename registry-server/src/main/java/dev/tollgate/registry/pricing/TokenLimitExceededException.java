package dev.tollgate.registry.pricing;

import dev.tollgate.registry.ErrorKind;

/** More tokens than the limit: the parser stopped ({@code MAX_TOKENS_EXCEEDED}). */
public final class TokenLimitExceededException extends PricingException {

  private final int maxTokens;

  public TokenLimitExceededException(int maxTokens) {
    super("MAX_TOKENS_EXCEEDED", ErrorKind.BAD_REQUEST,
        "Document contains more than " + maxTokens + " tokens. Parsing aborted.");
    this.maxTokens = maxTokens;
  }

  public int maxTokens() {
    return maxTokens;
  }
}
