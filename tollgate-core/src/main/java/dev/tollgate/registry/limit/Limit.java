package dev.tollgate.registry.limit;

import dev.tollgate.registry.error.ErrorCode;
import java.util.List;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;

/**
 * The per-operation limits, one entry each: the table the config binder, the checks of pricing and
 * admission, {@code /v1/price-list} and the operator API iterate. A new limit on a fact {@link
 * Facts} already has is one entry here, plus its documentation (docs/configuration.md).
 *
 * <p>The order is the order of the checks within a phase (the book's: depth, then aliases, then
 * cost) and of the keys in every listing.
 */
public enum Limit {
  /** Grammar tokens of a document: the lexer stops past it, so a text over it is never parsed. */
  TOKENS(
      "tokens",
      5_000,
      Phase.TEXT,
      ErrorCode.MAX_TOKENS_EXCEEDED,
      (found, max) -> "Document contains more than " + max + " tokens. Parsing aborted.",
      false,
      Facts::tokens),
  /** Depth of the operation, with its variables. */
  DEPTH(
      "depth",
      15,
      Phase.PRICE,
      ErrorCode.MAX_DEPTH_EXCEEDED,
      (found, max) -> "maximum query depth exceeded " + found + " > " + max,
      true,
      Facts::depth),
  /** Aliases of the operation. */
  ALIASES(
      "aliases",
      20,
      Phase.OPERATION,
      ErrorCode.MAX_ALIASES_EXCEEDED,
      (found, max) -> found + " aliases found. Allowed: " + max,
      true,
      Facts::aliases),
  /**
   * Estimated cost of the operation, with its variables; the only limit a reviewed document has.
   */
  COST(
      "cost",
      1_000,
      Phase.PRICE,
      ErrorCode.COST_ESTIMATED_TOO_EXPENSIVE,
      (found, max) -> "maximum query complexity exceeded " + found + " > " + max,
      true,
      Facts::cost),
  /**
   * Fragment definitions of a document. Like the bounds derived from it (spread depth, expanded
   * fields), it guards graphql-java's validator, which nothing after validation could do, so
   * measure mode refuses by it too.
   */
  FRAGMENTS(
      "fragments",
      100,
      Phase.DOCUMENT,
      ErrorCode.MAX_FRAGMENTS_EXCEEDED,
      (found, max) -> found + " fragments found. Allowed: " + max,
      false,
      Facts::fragments),
  /**
   * Root fields of a document (each one a separate call into the upstream's resolvers). Off by
   * default: any finite default could refuse a document admitted before it existed (a text of many
   * root fields under a raised token and cost limit, or in measure mode). Counted on the parsed
   * text before validation, like the fragments, and like them refused in both modes: it is a bound
   * on the document's shape, read before the document is priced, so there is no operation to report
   * it on.
   */
  ROOT_FIELDS(
      "rootFields",
      Integer.MAX_VALUE,
      Phase.DOCUMENT,
      ErrorCode.MAX_ROOT_FIELDS_EXCEEDED,
      (found, max) -> found + " root fields found. Allowed: " + max,
      false,
      Facts::rootFields);

  /** Where a limit is checked; the phases run in this order. */
  public enum Phase {
    /** While the text is read, before it is parsed. */
    TEXT,
    /** On the parsed document, before it is validated: refuses the document. */
    DOCUMENT,
    /**
     * On each operation of the parsed document: before validation, a document every operation of
     * which breaches it is refused; then at admission, on the operation the request selects.
     */
    OPERATION,
    /** At admission, on the selected operation priced with the request's variables. */
    PRICE
  }

  /** The message of a refusal by a limit. */
  @FunctionalInterface
  interface Message {
    String of(long found, long max);
  }

  private final String key;
  private final long defaultValue;
  private final Phase phase;
  private final ErrorCode code;
  private final Message message;
  private final boolean measureRelaxes;
  private final ToLongFunction<Facts> fact;

  Limit(
      String key,
      long defaultValue,
      Phase phase,
      ErrorCode code,
      Message message,
      boolean measureRelaxes,
      ToLongFunction<Facts> fact) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.phase = phase;
    this.code = code;
    this.message = message;
    this.measureRelaxes = measureRelaxes;
    this.fact = fact;
  }

  /** The key under a policy's {@code limits} in the config file. */
  public String key() {
    return key;
  }

  public long defaultValue() {
    return defaultValue;
  }

  public Phase phase() {
    return phase;
  }

  public ErrorCode code() {
    return code;
  }

  /** The refusal's message: {@code found} measured over {@code max}. */
  public String message(long found, long max) {
    return message.of(found, max);
  }

  /**
   * Whether measure mode admits an operation over this limit and reports it as the code enforcing
   * would have refused with; otherwise it refuses in both modes.
   */
  public boolean measureRelaxes() {
    return measureRelaxes;
  }

  /**
   * Whether a registered document run under a trusted policy is held to it: it was reviewed when
   * published, so only its cost applies.
   */
  public boolean bindsReviewed() {
    return this == COST;
  }

  /** The fact this limit reads, or {@link Facts#NOT_MEASURED}. */
  public long fact(Facts facts) {
    return fact.applyAsLong(facts);
  }

  /**
   * Whether {@code facts} breach this limit at {@code max}; an unmeasured fact breaches nothing.
   */
  public boolean breachedBy(Facts facts, long max) {
    return fact(facts) > max;
  }

  /** The lowest value the config accepts: 1 for tokens and depth, else 0. */
  public long minimum() {
    return this == TOKENS || this == DEPTH ? 1 : 0;
  }

  /** The highest value the config accepts: the cost is a long, the others are ints. */
  public long maximum() {
    return this == COST ? Long.MAX_VALUE : Integer.MAX_VALUE;
  }

  /** The entry whose config key is {@code key}, or null. */
  public static @Nullable Limit ofKey(String key) {
    for (Limit limit : VALUES) {
      if (limit.key.equals(key)) {
        return limit;
      }
    }
    return null;
  }

  private static final List<Limit> VALUES = List.of(values());

  /** Every entry, in table order, without the copy {@link #values()} makes on each call. */
  public static List<Limit> all() {
    return VALUES;
  }
}
