package dev.tollgate.registry.admission;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.config.KeyPolicy.Limits;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.document.IntrospectionFields;
import dev.tollgate.registry.pricing.AliasLimitExceededException;
import dev.tollgate.registry.pricing.DocumentLimits;
import dev.tollgate.registry.pricing.InvalidDocumentException;
import dev.tollgate.registry.document.OperationAliases;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.TokenLimitExceededException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Open-mode texts by hash: analysed once, under the caller's token and alias limits, and cached
 * with the outcome, whether analysed or refused (by a limit, or as a document that does not parse
 * or validate). A repeated text, attack or not, is answered from the cache without parsing; cached
 * facts are compared with each caller's own limits, and a caller whose limits the facts cannot
 * decide gets a fresh analysis.
 */
final class OpenDocuments {

  private final OperationPricer pricer;
  private final Cache<DocumentHash, OpenAnalysis> analyses;

  OpenDocuments(OperationPricer pricer, Cache<DocumentHash, OpenAnalysis> analyses) {
    this.pricer = pricer;
    this.analyses = analyses;
  }

  /** The analysis of {@code text}, cached or fresh; throws the caller's refusal. */
  AnalysedText analyse(Limits limits, DocumentHash hash, String text, @Nullable String operationName) {
    OpenAnalysis cached = analyses.getIfPresent(hash);
    AnalysedText known = cached == null ? null : decide(limits, cached, operationName);
    return known != null ? known : fresh(limits, hash, text, operationName);
  }

  /**
   * The analysis cached for {@code hash}, for a request that sent no text; {@code null} when there
   * is none, or when what is cached does not decide for these limits (the client must send the text).
   */
  @Nullable AnalysedText cached(Limits limits, DocumentHash hash, @Nullable String operationName) {
    OpenAnalysis cached = analyses.getIfPresent(hash);
    return cached == null ? null : decide(limits, cached, operationName);
  }

  private AnalysedText fresh(Limits limits, DocumentHash hash, String text, @Nullable String operationName) {
    try {
      AnalysedText analysed = new AnalysedText(text,
          pricer.analyse(text, new DocumentLimits(limits.tokens(), limits.aliases())),
          IntrospectionFields.selectedIn(text));
      analyses.put(hash, analysed);
      return analysed;
    } catch (TokenLimitExceededException e) {
      analyses.put(hash, new OpenAnalysis.TooManyTokens(e.maxTokens()));
      throw e;
    } catch (AliasLimitExceededException e) {
      analyses.put(hash, new OpenAnalysis.TooManyAliases(e.tokens(), e.operations()));
      throw aliases(e.operations(), limits, operationName);
    } catch (InvalidDocumentException e) {
      analyses.put(hash, new OpenAnalysis.Invalid(limits.tokens(), limits.aliases(), e.code(), e.errors()));
      throw e;
    }
  }

  /** Refuses, or returns the analysis, or {@code null} when the facts do not decide for {@code limits}. */
  private static @Nullable AnalysedText decide(Limits limits, OpenAnalysis cached, @Nullable String operationName) {
    if (cached instanceof AnalysedText analysed) {
      return withinTokenLimit(limits, analysed.analysis().tokens(), analysed);
    }
    if (cached instanceof OpenAnalysis.TooManyTokens tokens) {
      return refuseTokens(limits, tokens);
    }
    if (cached instanceof OpenAnalysis.Invalid invalid) {
      return refuseInvalid(limits, invalid);
    }
    OpenAnalysis.TooManyAliases aliases = (OpenAnalysis.TooManyAliases) cached;
    withinTokenLimit(limits, aliases.tokens(), null);
    if (allOver(aliases.operations(), limits.aliases())) {
      throw aliases(aliases.operations(), limits, operationName);
    }
    return null;
  }

  /** More than {@code tokens.limit()} tokens decides only for a limit no higher. */
  private static @Nullable AnalysedText refuseTokens(Limits limits, OpenAnalysis.TooManyTokens tokens) {
    if (limits.tokens() <= tokens.limit()) {
      throw new TokenLimitExceededException(limits.tokens());
    }
    return null;
  }

  /** Found invalid under some limits decides only for limits no lower: a lower one may refuse first. */
  private static @Nullable AnalysedText refuseInvalid(Limits limits, OpenAnalysis.Invalid invalid) {
    if (limits.tokens() >= invalid.maxTokens() && limits.aliases() >= invalid.maxAliases()) {
      throw new InvalidDocumentException(invalid.code(), invalid.errors());
    }
    return null;
  }

  private static @Nullable AnalysedText withinTokenLimit(Limits limits, int tokens, @Nullable AnalysedText analysed) {
    if (tokens > limits.tokens()) {
      throw new TokenLimitExceededException(limits.tokens());
    }
    return analysed;
  }

  private static boolean allOver(List<OperationAliases> operations, int maxAliases) {
    for (OperationAliases operation : operations) {
      if (operation.aliases() <= maxAliases) {
        return false;
      }
    }
    return true;
  }

  /** Refused before validation, so not priced: no estimated cost. */
  private static RefusedException aliases(List<OperationAliases> operations, Limits limits,
      @Nullable String operationName) {
    return Refusals.aliases(AliasLimitExceededException.aliasesOf(operations, operationName), limits, null);
  }
}
