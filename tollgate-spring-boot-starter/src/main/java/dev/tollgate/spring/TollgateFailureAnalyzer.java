package dev.tollgate.spring;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Reports a {@link TollgateConfigurationException} as its message, without the bean chain. */
final class TollgateFailureAnalyzer
    extends AbstractFailureAnalyzer<TollgateConfigurationException> {

  @Override
  protected FailureAnalysis analyze(Throwable root, TollgateConfigurationException cause) {
    return new FailureAnalysis(
        cause.getMessage(), "Set the tollgate.* properties named above.", cause);
  }
}
