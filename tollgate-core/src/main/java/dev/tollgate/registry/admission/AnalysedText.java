package dev.tollgate.registry.admission;

import dev.tollgate.registry.pricing.AnalysedDocument;

/**
 * An open-mode document that may run: its text (sent with the request, or kept for requests by hash
 * alone, as automatic persisted queries send them) and its analysis.
 */
record AnalysedText(String text, AnalysedDocument analysis, boolean introspective)
    implements OpenVerdict {

  AnalysedText(String text, OpenAnalysis.Analysed facts) {
    this(text, facts.analysis(), facts.introspective());
  }
}
