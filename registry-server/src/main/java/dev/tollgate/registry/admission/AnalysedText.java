package dev.tollgate.registry.admission;

import dev.tollgate.registry.pricing.AnalysedDocument;

/**
 * An open-mode document analysed once and cached by its hash (so a later request by hash alone, as
 * automatic persisted queries send it, runs without the text).
 */
record AnalysedText(String text, AnalysedDocument analysis, boolean introspective)
    implements OpenAnalysis, OpenVerdict {}
