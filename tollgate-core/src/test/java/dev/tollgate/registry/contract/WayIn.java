package dev.tollgate.registry.contract;

import java.net.URI;

/**
 * One way into Tollgate that {@link AdmissionContract} runs its cases against: where it answers
 * {@code /graphql} over HTTP, and how many times it called what is behind it.
 */
public interface WayIn {

  /** The absolute URI of {@code /graphql}, e.g. {@code http://127.0.0.1:PORT/graphql}. */
  URI graphql();

  /**
   * The calls made so far to what answers an admitted request: the upstream (the gateway) or the
   * data fetchers (in process). A refusal must leave it where it was.
   */
  long calls();
}
