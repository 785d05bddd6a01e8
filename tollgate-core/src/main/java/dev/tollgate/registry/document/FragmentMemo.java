package dev.tollgate.registry.document;

import graphql.language.FragmentDefinition;
import graphql.language.SelectionSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * A count over a parsed, not yet validated document, at its fragment spreads: each fragment is
 * counted once and remembered, so fan-out (a fragment spread many times) costs nothing more; a
 * spread of an unknown fragment, or of one already on the path (a cycle, which validation refuses
 * later), counts a fixed value. The walks of {@link AliasCount}, {@link FragmentShape} and the root
 * field count share it; one memo serves one count.
 */
public final class FragmentMemo {

  private final Map<String, FragmentDefinition> fragments;
  private final Map<String, Long> counted = new HashMap<>();
  private final Set<String> path = new HashSet<>();

  /**
   * @param fragments the document's fragment definitions by name
   */
  public FragmentMemo(Map<String, FragmentDefinition> fragments) {
    this.fragments = fragments;
  }

  /**
   * The count of the fragment {@code name}: {@code count} of its selection set the first time,
   * remembered after; {@code stop} for an unknown fragment or a cycle.
   */
  public long spread(String name, ToLongFunction<SelectionSet> count, long stop) {
    Long known = counted.get(name);
    if (known != null) {
      return known;
    }
    FragmentDefinition fragment = fragments.get(name);
    if (fragment == null || !path.add(name)) {
      return stop;
    }
    long value = count.applyAsLong(fragment.getSelectionSet());
    path.remove(name);
    counted.put(name, value);
    return value;
  }
}
