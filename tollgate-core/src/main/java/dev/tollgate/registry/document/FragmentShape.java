package dev.tollgate.registry.document;

import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How a document uses fragments, measured on its selection structure before graphql-java's
 * validator runs: the validator's cost grows with the fragments and with the document they expand
 * to (a chain of 620 one-spread fragments takes it seconds), so open mode bounds these three
 * numbers first.
 *
 * @param fragments the fragment definitions
 * @param spreadDepth the longest chain of nested spreads from an operation (a spread inside a
 *     fragment that is itself spread counts 2); a spread of an unknown fragment counts 1, a cycle
 *     stops the chain (validation refuses it later)
 * @param expandedFields the fields of the operations with every spread replaced by its fragment,
 *     saturating at {@link Integer#MAX_VALUE}
 */
public record FragmentShape(int fragments, int spreadDepth, int expandedFields) {

  /** Measures {@code operations} over the fragment {@code definitions}, in document order. */
  public static FragmentShape of(
      List<OperationDefinition> operations, List<FragmentDefinition> definitions) {
    Map<String, FragmentDefinition> fragments = new HashMap<>();
    for (FragmentDefinition fragment : definitions) {
      fragments.putIfAbsent(fragment.getName(), fragment);
    }
    Walk walk = new Walk(fragments);
    int depth = 0;
    long fields = 0;
    for (OperationDefinition operation : operations) {
      depth = Math.max(depth, walk.depth(operation.getSelectionSet()));
      fields = add(fields, walk.fields(operation.getSelectionSet()));
    }
    return new FragmentShape(definitions.size(), depth, (int) Math.min(fields, Integer.MAX_VALUE));
  }

  private static long add(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  /**
   * One memoised walk: each fragment is measured once, so fan-out (a fragment spread many times)
   * costs nothing more. The recursion is at most as deep as the fragments are many, which the
   * caller bounds first.
   */
  private static final class Walk {
    private final FragmentMemo depths;
    private final FragmentMemo fieldCounts;

    Walk(Map<String, FragmentDefinition> fragments) {
      this.depths = new FragmentMemo(fragments);
      this.fieldCounts = new FragmentMemo(fragments);
    }

    int depth(@Nullable SelectionSet set) {
      int deepest = 0;
      for (Selection<?> selection : selections(set)) {
        deepest = Math.max(deepest, depth(selection));
      }
      return deepest;
    }

    private int depth(Selection<?> selection) {
      if (selection instanceof Field field) {
        return depth(field.getSelectionSet());
      }
      if (selection instanceof InlineFragment inline) {
        return depth(inline.getSelectionSet());
      }
      String name = ((FragmentSpread) selection).getName();
      return (int) depths.spread(name, set -> 1 + depth(set), 1);
    }

    long fields(@Nullable SelectionSet set) {
      long count = 0;
      for (Selection<?> selection : selections(set)) {
        count = add(count, fields(selection));
      }
      return count;
    }

    private long fields(Selection<?> selection) {
      if (selection instanceof Field field) {
        return add(1, fields(field.getSelectionSet()));
      }
      if (selection instanceof InlineFragment inline) {
        return fields(inline.getSelectionSet());
      }
      return fieldCounts.spread(((FragmentSpread) selection).getName(), this::fields, 0);
    }

    private static List<Selection> selections(@Nullable SelectionSet set) {
      return set == null ? List.of() : set.getSelections();
    }
  }
}
