package dev.tollgate.client.extract;

import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/** The fragments one operation uses, directly or through other fragments, sorted by name. */
final class FragmentClosure {

  private final Map<String, FragmentDefinition> defined;
  private final Map<String, FragmentDefinition> used = new TreeMap<>();
  private final Problems problems;

  private FragmentClosure(Map<String, FragmentDefinition> defined, Problems problems) {
    this.defined = defined;
    this.problems = problems;
  }

  static List<FragmentDefinition> of(
      OperationDefinition operation, Map<String, FragmentDefinition> defined, Problems problems) {
    FragmentClosure closure = new FragmentClosure(defined, problems);
    closure.visit(operation.getSelectionSet());
    return List.copyOf(closure.used.values());
  }

  private void visit(@Nullable SelectionSet selectionSet) {
    if (selectionSet == null) {
      return;
    }
    for (Selection<?> selection : selectionSet.getSelections()) {
      visit(selection);
    }
  }

  private void visit(Selection<?> selection) {
    if (selection instanceof Field field) {
      visit(field.getSelectionSet());
    } else if (selection instanceof InlineFragment inline) {
      visit(inline.getSelectionSet());
    } else if (selection instanceof FragmentSpread spread) {
      follow(spread);
    }
  }

  private void follow(FragmentSpread spread) {
    FragmentDefinition fragment = defined.get(spread.getName());
    if (fragment == null) {
      // one message per spread, however many operations reach it
      problems.at(spread, "fragment '" + spread.getName() + "' is used but not defined");
      return;
    }
    if (used.putIfAbsent(fragment.getName(), fragment) == null) {
      visit(fragment.getSelectionSet());
    }
  }
}
