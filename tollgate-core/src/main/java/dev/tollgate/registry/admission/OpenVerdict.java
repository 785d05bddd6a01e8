package dev.tollgate.registry.admission;

/**
 * What open mode decides for a text under a caller's limits: its analysis, a refusal, or {@link
 * Undecided} when the cached facts do not decide for these limits (analyse the text afresh, or,
 * without the text, ask the client for it).
 */
sealed interface OpenVerdict permits AnalysedText, Refused, OpenVerdict.Undecided {

  /** The one {@link Undecided}. */
  Undecided UNDECIDED = new Undecided();

  /** The cached facts do not decide for the caller's limits. */
  record Undecided() implements OpenVerdict {}
}
