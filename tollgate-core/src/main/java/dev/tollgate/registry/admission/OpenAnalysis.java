package dev.tollgate.registry.admission;

import dev.tollgate.registry.document.OperationAliases;
import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricing.AnalysedDocument;
import dev.tollgate.registry.pricing.StructureFacts;
import java.util.List;

/**
 * What open mode learnt about a text, cached by its hash: the analysis, or the measured facts that
 * refused it; never the text, so an entry weighs what admission needs ({@link OpenWeights}). Facts
 * rather than a refusal, because the refusal depends on the caller's limits: a policy with higher
 * limits must not be refused by another policy's cached result.
 */
sealed interface OpenAnalysis
    permits OpenAnalysis.Analysed,
        OpenAnalysis.TooManyTokens,
        OpenAnalysis.TooManyAliases,
        OpenAnalysis.TooManyFragments,
        OpenAnalysis.Invalid {

  /**
   * The text validated and every operation is priced; the text itself is not kept here (the cache
   * of texts for requests by hash alone is bounded apart).
   */
  record Analysed(AnalysedDocument analysis, boolean introspective) implements OpenAnalysis {}

  /** The text has more than {@code limit} tokens; it was not parsed. */
  record TooManyTokens(int limit) implements OpenAnalysis {}

  /**
   * Every operation of the text has more aliases than some limit; {@code tokens} is its exact token
   * count. It was parsed but not validated.
   */
  record TooManyAliases(int tokens, List<OperationAliases> operations) implements OpenAnalysis {
    public TooManyAliases {
      operations = List.copyOf(operations);
    }
  }

  /**
   * The text's structure breaches a bound ({@link StructureFacts}, measured before validation, its
   * exact token count included). It was not validated.
   */
  record TooManyFragments(StructureFacts facts) implements OpenAnalysis {}

  /**
   * The text does not parse or validate: the {@code refusal} it gets ({@code GRAPHQL_PARSE_FAILED}
   * or {@code GRAPHQL_VALIDATION_FAILED}, with graphql-java's errors), found under the limits
   * {@code found}. Higher limits refuse nothing earlier (the parser meets the same error within
   * fewer tokens, the same aliases and structure pass), so these facts decide for any caller whose
   * limits checked before validation are all at least as high, and the refusal is the same for all
   * of them.
   */
  record Invalid(Limits found, Refusal refusal) implements OpenAnalysis {}
}
