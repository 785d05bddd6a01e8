package dev.tollgate.registry.pricing;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.pricing.FieldVisit.Sizing;
import dev.tollgate.registry.pricing.expr.Cond;
import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import graphql.language.TypeName;
import graphql.schema.GraphQLCompositeType;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeUtil;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The one walk of a priced operation against the schema: fields resolved with their list sizes and
 * slicing arguments ({@link FieldVisit}), inline fragments, fragment spreads under the model's
 * {@link FragmentSpreads} rule, {@code @skip}/{@code @include}, introspection (free, no depth,
 * still counted) and the guards on the work a walk may do. It emits each selection to a {@link
 * WalkSink}: {@link PriceCompiler} folds them into the static price, {@link ActualPlanCompiler}
 * into the actual-cost plan, so the two cannot walk a document differently. One walker walks one
 * operation.
 *
 * <p>Fragments: under {@link FragmentSpreads#FIRST} a fragment is priced at its first live spread
 * in walk order (depth first, document order), as graphql-java's traverser visits it. With
 * variables the "first live" spread is a condition: spread i is priced when it is live and no
 * earlier spread was.
 */
final class OperationWalker {

  /** Selections visited after fragment expansion, beyond which a document is refused. */
  static final int MAX_SELECTIONS = 100_000;

  /**
   * Nesting of selection sets (fields, inline fragments, spreads) after fragment expansion, beyond
   * which a document is refused: the walk recurses, and this keeps it well inside a 512 KB stack.
   * graphql-java's validation (depth 100) normally refuses such a document first.
   */
  static final int MAX_NESTING = 250;

  /**
   * Where the walk is: whether graphql-java's traverser gets here, whether the text alone lets it
   * run (no literal {@code @skip(if: true)} above), how deep, and what the parent field sizes.
   */
  private record Scope(Cond traversed, boolean mayRun, int nesting, @Nullable Sizing sizing) {
    Scope enter(Cond live, boolean runs, @Nullable Sizing childSizing) {
      return new Scope(Cond.and(traversed, live), mayRun && runs, nesting + 1, childSizing);
    }

    Scope fragment(Cond live, boolean runs) {
      return new Scope(Cond.and(traversed, live), mayRun && runs, nesting + 1, sizing);
    }
  }

  private final GraphQLSchema schema;
  private final FragmentSpreads fragmentSpreads;
  private final Map<String, FragmentDefinition> fragments;
  private final CachedPrices prices;
  private final CostRules rules;
  private final Binder binder;
  private final Map<String, List<Cond>> visits = new HashMap<>();
  private int selections;

  OperationWalker(
      GraphQLSchema schema,
      CostModel model,
      CachedPrices prices,
      Map<String, FragmentDefinition> fragments,
      CostRules rules,
      Binder binder) {
    this.schema = schema;
    this.fragmentSpreads = model.fragmentSpreads();
    this.fragments = fragments;
    this.prices = prices;
    this.rules = rules;
    this.binder = binder;
  }

  /** The root selections' results, in document order. */
  <S> List<S> walk(OperationDefinition operation, WalkSink<S> sink) {
    GraphQLObjectType root = rootType(operation.getOperation());
    return selectionSet(
        operation.getSelectionSet(), root, new Scope(Cond.TRUE, true, 0, null), sink);
  }

  private GraphQLObjectType rootType(OperationDefinition.Operation operation) {
    GraphQLObjectType root =
        switch (operation) {
          case QUERY -> schema.getQueryType();
          case MUTATION -> schema.getMutationType();
          case SUBSCRIPTION -> schema.getSubscriptionType();
        };
    if (root == null) {
      throw invalid("Schema is not configured for " + operation.name().toLowerCase() + "s.");
    }
    return root;
  }

  private <S> List<S> selectionSet(
      SelectionSet set, GraphQLCompositeType type, Scope scope, WalkSink<S> sink) {
    if (scope.nesting() > MAX_NESTING) {
      throw invalid(
          "Document nests more than "
              + MAX_NESTING
              + " selection sets deep after "
              + "expanding fragments: too deep to price.");
    }
    List<S> results = new ArrayList<>(set.getSelections().size());
    for (Selection<?> selection : set.getSelections()) {
      countSelection();
      if (selection instanceof Field field && field.getName().startsWith("__")) {
        introspection(field.getSelectionSet(), scope.nesting() + 1);
      } else {
        results.add(selection(selection, type, scope, sink));
      }
    }
    return results;
  }

  /** Bounds the work of one walk: every selection visited, fragments expanded, counts. */
  private void countSelection() {
    if (++selections > MAX_SELECTIONS) {
      throw invalid(
          "Document has more than "
              + MAX_SELECTIONS
              + " selections after expanding fragments: too large to price.");
    }
  }

  private <S> S selection(
      Selection<?> selection, GraphQLCompositeType type, Scope scope, WalkSink<S> sink) {
    if (selection instanceof Field field) {
      return field(field, type, scope, sink);
    }
    if (selection instanceof InlineFragment inline) {
      return inlineFragment(inline, type, scope, sink);
    }
    return spread((FragmentSpread) selection, scope, sink);
  }

  private <S> S field(Field field, GraphQLCompositeType parent, Scope scope, WalkSink<S> sink) {
    Cond live = SkipInclude.live(field.getDirectives(), binder);
    boolean runs = scope.mayRun() && SkipInclude.mayRun(field.getDirectives());
    var container = (GraphQLFieldsContainer) parent;
    FieldVisit visit = FieldVisit.of(field, container, prices, binder, scope.sizing(), live, runs);
    sink.enterField(visit);
    List<S> children = List.of();
    GraphQLType named = GraphQLTypeUtil.unwrapAll(visit.definition().getType());
    if (field.getSelectionSet() != null && named instanceof GraphQLCompositeType type) {
      Scope inner = scope.enter(live, runs, rules.childSizing(visit.listSize(), visit.sources()));
      children = selectionSet(field.getSelectionSet(), type, inner, sink);
    }
    return sink.field(visit, children);
  }

  private <S> S inlineFragment(
      InlineFragment inline, GraphQLCompositeType parent, Scope scope, WalkSink<S> sink) {
    Cond live = SkipInclude.live(inline.getDirectives(), binder);
    TypeName condition = inline.getTypeCondition();
    GraphQLCompositeType type =
        condition == null ? parent : (GraphQLCompositeType) typeNamed(condition);
    Scope inner = scope.fragment(live, SkipInclude.mayRun(inline.getDirectives()));
    return sink.inlineFragment(live, selectionSet(inline.getSelectionSet(), type, inner, sink));
  }

  private <S> S spread(FragmentSpread spread, Scope scope, WalkSink<S> sink) {
    Cond live = SkipInclude.live(spread.getDirectives(), binder);
    FragmentDefinition fragment = fragment(spread);
    GraphQLCompositeType type = (GraphQLCompositeType) typeNamed(fragment.getTypeCondition());
    Cond priced = pricedHere(spread.getName(), live, scope.traversed());
    if (!sink.entersSpread(priced)) {
      return sink.spread(live, priced, List.of());
    }
    Scope inner = scope.fragment(priced, SkipInclude.mayRun(spread.getDirectives()));
    return sink.spread(live, priced, selectionSet(fragment.getSelectionSet(), type, inner, sink));
  }

  /**
   * Whether this spread prices its fragment: every live spread under {@code each}; under {@code
   * first}, when it is live and no spread of the same fragment earlier in the walk was.
   */
  private Cond pricedHere(String fragment, Cond live, Cond traversed) {
    if (fragmentSpreads == FragmentSpreads.EACH) {
      return live;
    }
    List<Cond> earlier = visits.computeIfAbsent(fragment, name -> new ArrayList<>());
    Cond first = Cond.and(live, Cond.not(Cond.or(earlier)));
    earlier.add(Cond.and(traversed, live));
    return first;
  }

  /** The fragment a spread names: validation guarantees it is defined. */
  private FragmentDefinition fragment(FragmentSpread spread) {
    return Objects.requireNonNull(fragments.get(spread.getName()), spread.getName());
  }

  /** The schema type a type condition names: validation guarantees it exists. */
  private GraphQLType typeNamed(TypeName name) {
    return Objects.requireNonNull(schema.getType(name.getName()), name.getName());
  }

  /** Introspection is free and has no depth; the walk still counts its selections. */
  private void introspection(@Nullable SelectionSet set, int nesting) {
    if (set == null) {
      return;
    }
    if (nesting > MAX_NESTING) {
      throw invalid(
          "Document nests more than " + MAX_NESTING + " selection sets deep: too deep to price.");
    }
    for (Selection<?> selection : set.getSelections()) {
      countSelection();
      introspection(selection, nesting);
    }
  }

  private void introspection(Selection<?> selection, int nesting) {
    if (selection instanceof Field field) {
      introspection(field.getSelectionSet(), nesting + 1);
    } else if (selection instanceof InlineFragment inline) {
      introspection(inline.getSelectionSet(), nesting + 1);
    } else if (selection instanceof FragmentSpread spread) {
      introspection(fragment(spread).getSelectionSet(), nesting + 1);
    }
  }

  static InvalidDocumentException invalid(String message) {
    return new InvalidDocumentException(ErrorCode.GRAPHQL_VALIDATION_FAILED, List.of(message));
  }
}
