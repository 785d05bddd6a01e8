package dev.tollgate.registry.document;

import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An operation's alias count (docs/cost-model.md): every aliased field counts, introspection
 * included, inline fragments are descended, a spread counts its fragment again wherever it appears,
 * and {@code @skip}/{@code @include} exempt nothing.
 *
 * <p>It reads the parsed text only, so it runs before validation: a fragment's count is the same at
 * every spread and is counted once, so fan-out costs nothing; a spread of a fragment already on the
 * path (a cycle, which validation refuses later) or of an unknown fragment counts 0.
 */
public final class AliasCount {

  private final FragmentMemo spreads;

  private AliasCount(Map<String, FragmentDefinition> fragments) {
    this.spreads = new FragmentMemo(fragments);
  }

  /** The count, stopping at {@link Integer#MAX_VALUE}. */
  public static int of(OperationDefinition operation, Map<String, FragmentDefinition> fragments) {
    long aliases = new AliasCount(fragments).selectionSet(operation.getSelectionSet());
    return (int) Math.min(aliases, Integer.MAX_VALUE);
  }

  /** Saturating addition of two counts (never negative): fan-out through fragments can overflow. */
  private static long add(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  private long selectionSet(@Nullable SelectionSet set) {
    if (set == null) {
      return 0;
    }
    long aliases = 0;
    for (Selection<?> selection : set.getSelections()) {
      aliases = add(aliases, selection(selection));
    }
    return aliases;
  }

  private long selection(Selection<?> selection) {
    if (selection instanceof Field field) {
      return add(field.getAlias() == null ? 0 : 1, selectionSet(field.getSelectionSet()));
    }
    if (selection instanceof InlineFragment inline) {
      return selectionSet(inline.getSelectionSet());
    }
    return spreads.spread(((FragmentSpread) selection).getName(), this::selectionSet, 0);
  }
}
