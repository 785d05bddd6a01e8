package dev.tollgate.registry.document;

import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import graphql.language.TypeName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Each operation's {@link AliasCount}, read from the tokens before graphql-java's parser runs,
 * which for a large text costs far more than the count. It reads only the selection structure:
 * operations, fragments, fields with their aliases, inline fragments and spreads, skipping
 * arguments, variable definitions and directives; the count itself is {@link AliasCount}'s, on the
 * few AST nodes this builds. A text it does not read plainly (schema definitions, an empty
 * selection set, nesting past the parser's rule depth, any unexpected token) gives {@code null},
 * and the parsed document is counted instead.
 */
final class TextAliases {

  /** graphql-java's default rule depth, beyond which its parser refuses a document. */
  private static final int MAX_NESTING = 500;

  private static final class Unreadable extends RuntimeException {
    Unreadable() {
      super(null, null, false, false);
    }
  }

  private static final Unreadable UNREADABLE = new Unreadable();

  private final TextTokens tokens;
  private final List<OperationDefinition> operations = new ArrayList<>();
  private final Map<String, FragmentDefinition> fragments = new HashMap<>();
  private final List<FragmentDefinition> definitions = new ArrayList<>();
  private int at;

  private TextAliases(TextTokens tokens) {
    this.tokens = tokens;
  }

  /** The selection structure read from {@code tokens}, or null when they are not read plainly. */
  static @Nullable TextAliases read(TextTokens tokens) {
    TextAliases reader = new TextAliases(tokens);
    try {
      while (reader.at < tokens.count()) {
        reader.definition();
      }
    } catch (Unreadable e) {
      return null;
    }
    return reader;
  }

  static @Nullable List<OperationAliases> of(TextTokens tokens) {
    TextAliases reader = read(tokens);
    return reader == null ? null : reader.aliases();
  }

  List<OperationAliases> aliases() {
    List<OperationAliases> aliases = new ArrayList<>();
    for (OperationDefinition operation : operations) {
      aliases.add(new OperationAliases(operation.getName(), AliasCount.of(operation, fragments)));
    }
    return aliases;
  }

  FragmentShape fragmentShape() {
    return FragmentShape.of(operations, definitions);
  }

  private void definition() {
    if (is('{')) {
      operations.add(
          OperationDefinition.newOperationDefinition().selectionSet(selectionSet(0)).build());
      return;
    }
    String keyword = name();
    if (keyword.equals("fragment")) {
      fragment();
    } else if (keyword.equals("query")
        || keyword.equals("mutation")
        || keyword.equals("subscription")) {
      String name = isName() ? name() : null;
      skipParentheses();
      directives();
      operations.add(
          OperationDefinition.newOperationDefinition()
              .name(name)
              .selectionSet(selectionSet(0))
              .build());
    } else {
      throw UNREADABLE;
    }
  }

  private void fragment() {
    String name = name();
    if (name.equals("on") || !name().equals("on")) {
      throw UNREADABLE;
    }
    TypeName type = TypeName.newTypeName(name()).build();
    directives();
    FragmentDefinition fragment =
        FragmentDefinition.newFragmentDefinition()
            .name(name)
            .typeCondition(type)
            .selectionSet(selectionSet(0))
            .build();
    fragments.put(name, fragment);
    definitions.add(fragment);
  }

  private SelectionSet selectionSet(int nesting) {
    if (nesting > MAX_NESTING) {
      throw UNREADABLE;
    }
    expect('{');
    List<Selection> selections = new ArrayList<>();
    do {
      selections.add(selection(nesting + 1));
    } while (!is('}'));
    at++;
    return SelectionSet.newSelectionSet(selections).build();
  }

  private Selection<?> selection(int nesting) {
    if (!isSpread()) {
      return field(nesting);
    }
    at++;
    if (isName() && !tokens.text(at).equals("on")) {
      String name = name();
      directives();
      return FragmentSpread.newFragmentSpread(name).build();
    }
    if (isName()) {
      name();
      name();
    }
    directives();
    return InlineFragment.newInlineFragment().selectionSet(selectionSet(nesting)).build();
  }

  private Field field(int nesting) {
    String name = name();
    String alias = null;
    if (is(':')) {
      at++;
      alias = name;
      name = name();
    }
    skipParentheses();
    directives();
    Field.Builder field = Field.newField(name).alias(alias);
    if (at < tokens.count() && is('{')) {
      field.selectionSet(selectionSet(nesting));
    }
    return field.build();
  }

  private void directives() {
    while (at < tokens.count() && is('@')) {
      at++;
      name();
      skipParentheses();
    }
  }

  /** Arguments or variable definitions: values hold no parentheses outside strings. */
  private void skipParentheses() {
    if (at >= tokens.count() || !is('(')) {
      return;
    }
    at++;
    if (is(')')) {
      throw UNREADABLE;
    }
    int open = 1;
    while (open > 0) {
      open += is('(') ? 1 : is(')') ? -1 : 0;
      at++;
    }
  }

  private String name() {
    if (!isName()) {
      throw UNREADABLE;
    }
    return tokens.text(at++);
  }

  private void expect(char punctuator) {
    if (!is(punctuator)) {
      throw UNREADABLE;
    }
    at++;
  }

  private boolean isName() {
    if (at >= tokens.count()) {
      throw UNREADABLE;
    }
    return tokens.isName(at);
  }

  private boolean isSpread() {
    return is('.');
  }

  private boolean is(char punctuator) {
    if (at >= tokens.count()) {
      throw UNREADABLE;
    }
    return tokens.first(at) == punctuator;
  }
}
