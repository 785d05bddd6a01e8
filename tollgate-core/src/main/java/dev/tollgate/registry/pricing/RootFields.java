package dev.tollgate.registry.pricing;

import dev.tollgate.registry.document.FragmentMemo;
import graphql.language.Document;
import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The root fields of a parsed, not yet validated document: for each operation, the fields of its
 * root selection set, with the inline fragments and fragment spreads there counted by their own
 * root fields; the largest count of any operation. A spread of an unknown fragment counts nothing,
 * and a cycle stops (validation refuses both later). Each fragment is counted once, so fan-out
 * costs nothing more.
 */
final class RootFields {

  private final FragmentMemo spreads;

  private RootFields(Document document) {
    Map<String, FragmentDefinition> fragments = new HashMap<>();
    for (FragmentDefinition fragment : document.getDefinitionsOfType(FragmentDefinition.class)) {
      fragments.putIfAbsent(fragment.getName(), fragment);
    }
    this.spreads = new FragmentMemo(fragments);
  }

  static int of(Document document) {
    RootFields counter = new RootFields(document);
    long most = 0;
    for (OperationDefinition operation : document.getDefinitionsOfType(OperationDefinition.class)) {
      most = Math.max(most, counter.count(operation.getSelectionSet()));
    }
    return (int) Math.min(most, Integer.MAX_VALUE);
  }

  private long count(@Nullable SelectionSet set) {
    if (set == null) {
      return 0;
    }
    long fields = 0;
    for (Selection<?> selection : set.getSelections()) {
      fields = Math.min(fields + count(selection), Integer.MAX_VALUE);
    }
    return fields;
  }

  private long count(Selection<?> selection) {
    if (selection instanceof Field) {
      return 1;
    }
    if (selection instanceof InlineFragment inline) {
      return count(inline.getSelectionSet());
    }
    return spreads.spread(((FragmentSpread) selection).getName(), this::count, 0);
  }
}
