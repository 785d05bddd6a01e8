package dev.tollgate.client.extract;

import graphql.language.Definition;
import graphql.language.Document;
import graphql.language.FragmentDefinition;
import graphql.language.Node;
import graphql.language.OperationDefinition;
import graphql.language.SourceLocation;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Every operation (by name) and fragment (by name) of all files, refusing ambiguity. */
final class DefinitionIndex {

  private final Map<String, OperationDefinition> operations = new TreeMap<>();
  private final Map<String, FragmentDefinition> fragments = new HashMap<>();
  private final Problems problems;

  DefinitionIndex(Problems problems) {
    this.problems = problems;
  }

  void add(Document document) {
    for (Definition<?> definition : document.getDefinitions()) {
      add(definition);
    }
  }

  List<OperationDefinition> operations() {
    return List.copyOf(operations.values());
  }

  Map<String, FragmentDefinition> fragments() {
    return Map.copyOf(fragments);
  }

  private void add(Definition<?> definition) {
    if (definition instanceof OperationDefinition operation) {
      addOperation(operation);
    } else if (definition instanceof FragmentDefinition fragment) {
      addFragment(fragment);
    } else {
      problems.at(
          definition,
          "not an operation or fragment ("
              + definition.getClass().getSimpleName()
              + "); schema definitions belong in the schema file");
    }
  }

  private void addOperation(OperationDefinition operation) {
    if (operation.getName() == null) {
      problems.at(
          operation, "anonymous " + typeOf(operation) + ": every persisted operation needs a name");
      return;
    }
    OperationDefinition first = operations.putIfAbsent(operation.getName(), operation);
    if (first != null) {
      problems.at(
          operation,
          "operation '"
              + operation.getName()
              + "' is defined twice (first at "
              + where(first)
              + ")");
    }
  }

  private void addFragment(FragmentDefinition fragment) {
    FragmentDefinition first = fragments.putIfAbsent(fragment.getName(), fragment);
    if (first != null) {
      problems.at(
          fragment,
          "fragment '" + fragment.getName() + "' is defined twice (first at " + where(first) + ")");
    }
  }

  static String typeOf(OperationDefinition operation) {
    return operation.getOperation().name().toLowerCase(Locale.ROOT);
  }

  private static String where(Node<?> node) {
    SourceLocation location = node.getSourceLocation();
    return location == null ? "?" : location.getSourceName() + ":" + location.getLine();
  }
}
