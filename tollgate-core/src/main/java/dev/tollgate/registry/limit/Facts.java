package dev.tollgate.registry.limit;

/**
 * What the analysis of a document measured, as the limits read it ({@link Limit#fact}). Each phase
 * measures some facts; one not measured yet is {@link #NOT_MEASURED}, which no limit is breached
 * by.
 */
public interface Facts {

  /** A fact this phase does not know. */
  long NOT_MEASURED = -1;

  /** Grammar tokens of the document, end of file included. */
  default long tokens() {
    return NOT_MEASURED;
  }

  /** Fragment definitions of the document. */
  default long fragments() {
    return NOT_MEASURED;
  }

  /**
   * Root fields of the document: the most fields any of its operations selects at its root, with
   * the fragments spread there counted by their own root fields.
   */
  default long rootFields() {
    return NOT_MEASURED;
  }

  /** Aliases of the operation, its fragments included. */
  default long aliases() {
    return NOT_MEASURED;
  }

  /** Depth of the operation under the request's variables. */
  default long depth() {
    return NOT_MEASURED;
  }

  /** Estimated cost of the operation under the request's variables. */
  default long cost() {
    return NOT_MEASURED;
  }
}
