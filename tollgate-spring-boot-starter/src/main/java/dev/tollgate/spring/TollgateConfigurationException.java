package dev.tollgate.spring;

/**
 * Tollgate cannot start with this configuration; the message says what to set. Spring Boot prints
 * it as the one line of its failure report ({@link TollgateFailureAnalyzer}).
 */
public final class TollgateConfigurationException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  public TollgateConfigurationException(String message) {
    super(message);
  }
}
