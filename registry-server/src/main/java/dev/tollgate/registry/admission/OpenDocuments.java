package dev.tollgate.registry.admission;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.config.KeyPolicy.Limits;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.document.IntrospectionFields;
import dev.tollgate.registry.document.OperationAliases;
import dev.tollgate.registry.pricing.AliasLimitExceededException;
import dev.tollgate.registry.pricing.DocumentLimits;
import dev.tollgate.registry.pricing.InvalidDocumentException;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.TokenLimitExceededException;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Open-mode texts by hash: analysed once, under the caller's token and alias limits, and cached
 * with the outcome, whether analysed or refused (by a limit, or as a document that does not parse
 * or validate). A repeated text, attack or not, is answered from the cache without parsing; cached
 * facts are compared with each caller's own limits, and a caller whose limits the facts cannot
 * decide gets a fresh analysis.
 */
final class OpenDocuments {

  private final Supplier<OperationPricer> pricer;
  private final Cache<DocumentHash, OpenAnalysis> analyses;

  /**
   * @param pricer the active schema's pricer, read on each analysis
   */
  OpenDocuments(Supplier<OperationPricer> pricer, Cache<DocumentHash, OpenAnalysis> analyses) {
    this.pricer = pricer;
    this.analyses = analyses;
  }

  /**
   * The analysis of {@code text}, cached or fresh, or the caller's refusal; never {@link
   * OpenVerdict.Undecided}.
   */
  OpenVerdict analyse(
      Limits limits, DocumentHash hash, String text, @Nullable String operationName) {
    OpenVerdict known = cached(limits, hash, operationName);
    return known instanceof OpenVerdict.Undecided
        ? fresh(limits, hash, text, operationName)
        : known;
  }

  /**
   * What the facts cached for {@code hash} decide, for a request that sent no text: {@link
   * OpenVerdict.Undecided} when there are none, or when they do not decide for these limits (the
   * client must send the text).
   */
  OpenVerdict cached(Limits limits, DocumentHash hash, @Nullable String operationName) {
    OpenAnalysis cached = analyses.getIfPresent(hash);
    return cached == null ? OpenVerdict.UNDECIDED : decide(limits, cached, operationName);
  }

  /** Analyses {@code text} under the caller's limits, and caches the outcome, refusals included. */
  private OpenVerdict fresh(
      Limits limits, DocumentHash hash, String text, @Nullable String operationName) {
    try {
      AnalysedText analysed =
          new AnalysedText(
              text,
              pricer.get().analyse(text, new DocumentLimits(limits.tokens(), limits.aliases())),
              IntrospectionFields.selectedIn(text));
      analyses.put(hash, analysed);
      return analysed;
    } catch (TokenLimitExceededException e) {
      analyses.put(hash, new OpenAnalysis.TooManyTokens(e.maxTokens()));
      return Refused.of(Refusal.of(e));
    } catch (AliasLimitExceededException e) {
      analyses.put(hash, new OpenAnalysis.TooManyAliases(e.tokens(), e.operations()));
      return aliases(e.operations(), limits, operationName);
    } catch (InvalidDocumentException e) {
      Refusal refusal = Refusal.of(e);
      analyses.put(hash, new OpenAnalysis.Invalid(limits.tokens(), limits.aliases(), refusal));
      return Refused.of(refusal);
    }
  }

  /** What cached facts decide for {@code limits}. */
  private static OpenVerdict decide(
      Limits limits, OpenAnalysis cached, @Nullable String operationName) {
    if (cached instanceof AnalysedText analysed) {
      return analysed.analysis().tokens() > limits.tokens() ? tooManyTokens(limits) : analysed;
    }
    if (cached instanceof OpenAnalysis.TooManyTokens tokens) {
      // More than tokens.limit() tokens decides only for a limit no higher.
      return limits.tokens() <= tokens.limit() ? tooManyTokens(limits) : OpenVerdict.UNDECIDED;
    }
    if (cached instanceof OpenAnalysis.Invalid invalid) {
      return refuseInvalid(limits, invalid);
    }
    OpenAnalysis.TooManyAliases aliases = (OpenAnalysis.TooManyAliases) cached;
    if (aliases.tokens() > limits.tokens()) {
      return tooManyTokens(limits);
    }
    return allOver(aliases.operations(), limits.aliases())
        ? aliases(aliases.operations(), limits, operationName)
        : OpenVerdict.UNDECIDED;
  }

  /**
   * Found invalid under some limits decides only for limits no lower: a lower one may refuse first.
   */
  private static OpenVerdict refuseInvalid(Limits limits, OpenAnalysis.Invalid invalid) {
    if (limits.tokens() >= invalid.maxTokens() && limits.aliases() >= invalid.maxAliases()) {
      return Refused.of(invalid.refusal());
    }
    return OpenVerdict.UNDECIDED;
  }

  private static Refused tooManyTokens(Limits limits) {
    return Refused.of(Refusals.tooManyTokens(limits.tokens()));
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
  private static Refused aliases(
      List<OperationAliases> operations, Limits limits, @Nullable String operationName) {
    return Refused.of(
        Refusals.aliases(AliasLimitExceededException.aliasesOf(operations, operationName), limits));
  }
}
