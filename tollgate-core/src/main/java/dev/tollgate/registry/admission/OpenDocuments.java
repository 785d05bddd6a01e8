package dev.tollgate.registry.admission;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.document.IntrospectionFields;
import dev.tollgate.registry.document.OperationAliases;
import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.policy.Limits;
import dev.tollgate.registry.pricing.AliasLimitExceededException;
import dev.tollgate.registry.pricing.DocumentLimits;
import dev.tollgate.registry.pricing.FragmentLimitExceededException;
import dev.tollgate.registry.pricing.InvalidDocumentException;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.StructureFacts;
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
  private final Cache<DocumentHash, String> texts;

  /**
   * @param pricer the active schema's pricer, read on each analysis
   * @param analyses what admission needs of each text, by hash: its analysis or refusal facts
   * @param texts the texts of analysed documents, for requests by hash alone; a text evicted here
   *     is asked for again ({@code PERSISTED_QUERY_NOT_FOUND}), as Apollo clients expect
   */
  OpenDocuments(
      Supplier<OperationPricer> pricer,
      Cache<DocumentHash, OpenAnalysis> analyses,
      Cache<DocumentHash, String> texts) {
    this.pricer = pricer;
    this.analyses = analyses;
    this.texts = texts;
  }

  /**
   * The analysis of {@code text}, cached or fresh, or the caller's refusal; never {@link
   * OpenVerdict.Undecided}.
   */
  OpenVerdict analyse(
      Limits limits, DocumentHash hash, String text, @Nullable String operationName) {
    OpenAnalysis cached = analyses.getIfPresent(hash);
    OpenVerdict known =
        cached == null ? OpenVerdict.UNDECIDED : decide(limits, cached, text, operationName);
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
    if (cached == null) {
      return OpenVerdict.UNDECIDED;
    }
    String text = cached instanceof OpenAnalysis.Analysed ? texts.getIfPresent(hash) : null;
    return decide(limits, cached, text, operationName);
  }

  /** Analyses {@code text} under the caller's limits, and caches the outcome, refusals included. */
  private OpenVerdict fresh(
      Limits limits, DocumentHash hash, String text, @Nullable String operationName) {
    try {
      OpenAnalysis.Analysed analysed =
          new OpenAnalysis.Analysed(
              pricer.get().analyse(text, documentLimits(limits)),
              IntrospectionFields.selectedIn(text));
      analyses.put(hash, analysed);
      texts.put(hash, text);
      return new AnalysedText(text, analysed);
    } catch (TokenLimitExceededException e) {
      analyses.put(hash, new OpenAnalysis.TooManyTokens(e.maxTokens()));
      return Refused.of(Refusal.of(e));
    } catch (FragmentLimitExceededException e) {
      analyses.put(hash, new OpenAnalysis.TooManyFragments(e.facts()));
      return Refused.of(Refusal.of(e));
    } catch (AliasLimitExceededException e) {
      analyses.put(hash, new OpenAnalysis.TooManyAliases(e.tokens(), e.operations()));
      return aliases(e.operations(), limits, operationName);
    } catch (InvalidDocumentException e) {
      Refusal refusal = Refusal.of(e);
      analyses.put(hash, new OpenAnalysis.Invalid(limits, refusal));
      return Refused.of(refusal);
    }
  }

  /**
   * What cached facts decide for {@code limits}; an analysis without its {@code text} (a request by
   * hash whose text was evicted) decides nothing.
   */
  private static OpenVerdict decide(
      Limits limits, OpenAnalysis cached, @Nullable String text, @Nullable String operationName) {
    if (cached instanceof OpenAnalysis.Analysed analysed) {
      return analysed(limits, analysed, text);
    }
    if (cached instanceof OpenAnalysis.TooManyTokens tokens) {
      // More than tokens.limit() tokens decides only for a limit no higher.
      return limits.tokens() <= tokens.limit() ? tooManyTokens(limits) : OpenVerdict.UNDECIDED;
    }
    if (cached instanceof OpenAnalysis.Invalid invalid) {
      return refuseInvalid(limits, invalid);
    }
    if (cached instanceof OpenAnalysis.TooManyFragments fragments) {
      return refuseFragments(limits, fragments);
    }
    OpenAnalysis.TooManyAliases aliases = (OpenAnalysis.TooManyAliases) cached;
    if (aliases.tokens() > limits.tokens()) {
      return tooManyTokens(limits);
    }
    return allOver(aliases.operations(), limits.get(Limit.ALIASES))
        ? aliases(aliases.operations(), limits, operationName)
        : OpenVerdict.UNDECIDED;
  }

  /**
   * An analysis passed the limits it was made under; another caller's limits on the structure are
   * checked on the facts it kept (without them it decides nothing for a caller that bounds the
   * structure), its limits on each operation at admission.
   */
  private static OpenVerdict analysed(
      Limits limits, OpenAnalysis.Analysed analysed, @Nullable String text) {
    if (analysed.analysis().tokens() > limits.tokens()) {
      return tooManyTokens(limits);
    }
    StructureFacts structure = analysed.analysis().structure();
    DocumentLimits bounds = documentLimits(limits);
    if (structure == null && bounds.boundsStructure()) {
      return OpenVerdict.UNDECIDED;
    }
    FragmentLimitExceededException breach =
        structure == null ? null : FragmentLimitExceededException.breach(structure, bounds);
    if (breach != null) {
      return Refused.of(Refusal.of(breach));
    }
    return text == null ? OpenVerdict.UNDECIDED : new AnalysedText(text, analysed);
  }

  /**
   * Found invalid under some limits decides only for limits no lower, of those checked before
   * validation (depth too: the spread depth is bounded by it): a lower one may refuse first.
   */
  private static OpenVerdict refuseInvalid(Limits limits, OpenAnalysis.Invalid invalid) {
    for (Limit limit : Limit.all()) {
      boolean beforeValidation = limit.phase() != Limit.Phase.PRICE || limit == Limit.DEPTH;
      if (beforeValidation && limits.get(limit) < invalid.found().get(limit)) {
        return OpenVerdict.UNDECIDED;
      }
    }
    return Refused.of(invalid.refusal());
  }

  /** Measured facts decide for any limits they breach; other limits need a fresh analysis. */
  private static OpenVerdict refuseFragments(
      Limits limits, OpenAnalysis.TooManyFragments fragments) {
    if (fragments.facts().tokenCount() > limits.tokens()) {
      return tooManyTokens(limits);
    }
    FragmentLimitExceededException breach =
        FragmentLimitExceededException.breach(fragments.facts(), documentLimits(limits));
    return breach == null ? OpenVerdict.UNDECIDED : Refused.of(Refusal.of(breach));
  }

  /**
   * The pricer's limits before validation: the policy's limits of the phases before pricing, with
   * two bounds derived: its depth limit for spread chains, and its token limit for the fields the
   * operations expand to (no more than a text of that many tokens could spell out).
   */
  static DocumentLimits documentLimits(Limits limits) {
    return DocumentLimits.of(limits::get, (int) limits.get(Limit.DEPTH), limits.tokens());
  }

  private static Refused tooManyTokens(Limits limits) {
    return Refused.of(Refusals.tooManyTokens(limits.tokens()));
  }

  private static boolean allOver(List<OperationAliases> operations, long maxAliases) {
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
        Refusals.breach(
            Limit.ALIASES,
            AliasLimitExceededException.aliasesOf(operations, operationName),
            limits.get(Limit.ALIASES)));
  }
}
