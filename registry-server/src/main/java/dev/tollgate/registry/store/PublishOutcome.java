package dev.tollgate.registry.store;

import dev.tollgate.registry.document.DocumentHash;
import java.util.Set;

/**
 * What a publication did.
 *
 * @param created false when the same manifest was already stored under this version (a no-op)
 * @param newDocuments the documents this publication registered; the others already existed
 */
public record PublishOutcome(boolean created, Set<DocumentHash> newDocuments) {
  public PublishOutcome {
    newDocuments = Set.copyOf(newDocuments);
  }
}
