package dev.tollgate.registry.admission;

import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a custom document id names for one caller: the documents it names in the apps the caller may
 * run, from the catalog's in-memory index (no store read). Publishing keeps one document per alias
 * within an app, so more than one target means two of the caller's apps disagree.
 */
final class AliasTargets {

  private AliasTargets() {}

  /** Document, then the caller's apps where {@code alias} names it; sorted, empty when none. */
  static Map<DocumentHash, TreeSet<String>> of(
      DocumentCatalog catalog, KeyPolicy policy, String alias) {
    Map<DocumentHash, TreeSet<String>> targets = new TreeMap<>(AliasTargets::compare);
    catalog
        .aliasTargets(alias)
        .forEach(
            (app, hash) -> {
              if (policy.mayRun(app)) {
                targets.computeIfAbsent(hash, h -> new TreeSet<>()).add(app);
              }
            });
    return targets;
  }

  private static int compare(DocumentHash left, DocumentHash right) {
    return left.hex().compareTo(right.hex());
  }
}
