package dev.tollgate.registry.pricing;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.pricing.FieldCosts.Sizing;
import dev.tollgate.registry.pricing.expr.Cond;
import dev.tollgate.registry.pricing.expr.Expr;
import graphql.language.Argument;
import graphql.language.BooleanValue;
import graphql.language.Directive;
import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import graphql.language.TypeName;
import graphql.language.Value;
import graphql.language.VariableReference;
import graphql.schema.GraphQLCompositeType;
import graphql.schema.GraphQLFieldDefinition;
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
 * Walks one operation against the schema and compiles its price: a cost expression and a depth
 * expression ({@link AliasCount} counts aliases, on the text alone). The one walk serves both
 * paths: with {@link Binder#SYMBOLIC} variables stay leaves of the expression; with a concrete
 * binder the walk folds to numbers.
 *
 * <p>Fragments: under {@link FragmentSpreads#FIRST} a fragment is priced at its first live spread
 * in walk order (depth first, document order), as graphql-java's traverser visits it. With
 * variables the "first live" spread is a condition: spread i is priced when it is live and no
 * earlier spread was. Depth expands every live spread where it stands.
 */
final class PriceCompiler {

  /** Selections visited after fragment expansion, beyond which a document is refused. */
  static final int MAX_SELECTIONS = 100_000;

  /**
   * Nesting of selection sets (fields, inline fragments, spreads) after fragment expansion, beyond
   * which a document is refused: the walk recurses, and this keeps it well inside a 512 KB stack.
   * graphql-java's validation (depth 100) normally refuses such a document first.
   */
  static final int MAX_NESTING = 250;

  record Result(Expr cost, Expr depth) {}

  private record Walk(Expr cost, Expr depth) {
    static final Walk ZERO = new Walk(Expr.ZERO, Expr.ZERO);
  }

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
  private final CostModel model;
  private final Map<String, FragmentDefinition> fragments;
  private final FieldCosts costs;
  private final Binder binder;
  private final Map<String, List<Cond>> visits = new HashMap<>();
  private int selections;

  PriceCompiler(
      GraphQLSchema schema,
      CostModel model,
      CachedPrices prices,
      Map<String, FragmentDefinition> fragments,
      Binder binder) {
    this.schema = schema;
    this.model = model;
    this.fragments = fragments;
    this.binder = binder;
    this.costs = new FieldCosts(model, prices, binder);
  }

  Result compile(OperationDefinition operation) {
    GraphQLObjectType root = rootType(operation.getOperation());
    Walk walk =
        selectionSet(operation.getSelectionSet(), root, new Scope(Cond.TRUE, true, 0, null));
    boolean apolloMutation =
        model.preset() == CostPreset.APOLLO
            && operation.getOperation() == OperationDefinition.Operation.MUTATION;
    Expr cost = apolloMutation ? Expr.sum(Expr.constant(10), walk.cost()) : walk.cost();
    return new Result(cost, walk.depth());
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

  private Walk selectionSet(SelectionSet set, GraphQLCompositeType type, Scope scope) {
    if (scope.nesting() > MAX_NESTING) {
      throw invalid(
          "Document nests more than "
              + MAX_NESTING
              + " selection sets deep after "
              + "expanding fragments: too deep to price.");
    }
    List<Expr> costs = new ArrayList<>();
    List<Expr> depths = new ArrayList<>();
    for (Selection<?> selection : set.getSelections()) {
      Walk walk = selection(selection, type, scope);
      costs.add(walk.cost());
      depths.add(walk.depth());
    }
    return new Walk(Expr.sum(costs), Expr.max(depths));
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

  private Walk selection(Selection<?> selection, GraphQLCompositeType type, Scope scope) {
    countSelection();
    if (selection instanceof Field field) {
      return field(field, type, scope);
    }
    if (selection instanceof InlineFragment inline) {
      return inlineFragment(inline, type, scope);
    }
    return spread((FragmentSpread) selection, scope);
  }

  private Walk field(Field field, GraphQLCompositeType parent, Scope scope) {
    if (field.getName().startsWith("__")) {
      introspection(field.getSelectionSet(), scope.nesting() + 1);
      return Walk.ZERO;
    }
    Cond live = conditions(field.getDirectives(), binder);
    boolean runs = scope.mayRun() && mayRun(field.getDirectives());
    GraphQLFieldsContainer container = (GraphQLFieldsContainer) parent;
    GraphQLFieldDefinition definition = container.getFieldDefinition(field.getName());
    FieldCosts.Sized sized = costs.sized(field, definition, scope.sizing(), runs);
    Walk children = Walk.ZERO;
    if (field.getSelectionSet() != null) {
      var type = (GraphQLCompositeType) GraphQLTypeUtil.unwrapAll(definition.getType());
      Scope inner = scope.enter(live, runs, sized.childSizing());
      children = selectionSet(field.getSelectionSet(), type, inner);
    }
    Expr cost = costs.cost(field, container, definition, sized, children.cost());
    return new Walk(Expr.when(live, cost), Expr.when(live, Expr.sum(Expr.ONE, children.depth())));
  }

  private Walk inlineFragment(InlineFragment inline, GraphQLCompositeType parent, Scope scope) {
    Cond live = conditions(inline.getDirectives(), binder);
    TypeName condition = inline.getTypeCondition();
    GraphQLCompositeType type =
        condition == null ? parent : (GraphQLCompositeType) typeNamed(condition);
    Scope inner = scope.fragment(live, mayRun(inline.getDirectives()));
    Walk walk = selectionSet(inline.getSelectionSet(), type, inner);
    return new Walk(Expr.when(live, walk.cost()), Expr.when(live, walk.depth()));
  }

  /** The fragment a spread names: validation guarantees it is defined. */
  private FragmentDefinition fragment(FragmentSpread spread) {
    return Objects.requireNonNull(fragments.get(spread.getName()), spread.getName());
  }

  /** The schema type a type condition names: validation guarantees it exists. */
  private GraphQLType typeNamed(TypeName name) {
    return Objects.requireNonNull(schema.getType(name.getName()), name.getName());
  }

  private Walk spread(FragmentSpread spread, Scope scope) {
    Cond live = conditions(spread.getDirectives(), binder);
    FragmentDefinition fragment = fragment(spread);
    GraphQLCompositeType type = (GraphQLCompositeType) typeNamed(fragment.getTypeCondition());
    Cond priced = pricedHere(spread.getName(), live, scope.traversed());
    Scope inner = scope.fragment(priced, mayRun(spread.getDirectives()));
    Walk walk = selectionSet(fragment.getSelectionSet(), type, inner);
    return new Walk(Expr.when(priced, walk.cost()), Expr.when(live, walk.depth()));
  }

  /**
   * Whether this spread prices its fragment: every live spread under {@code each}; under {@code
   * first}, when it is live and no spread of the same fragment earlier in the walk was.
   */
  private Cond pricedHere(String fragment, Cond live, Cond traversed) {
    if (model.fragmentSpreads() == FragmentSpreads.EACH) {
      return live;
    }
    List<Cond> earlier = visits.computeIfAbsent(fragment, name -> new ArrayList<>());
    Cond first = Cond.and(live, Cond.not(Cond.or(earlier)));
    earlier.add(Cond.and(traversed, live));
    return first;
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

  /** False only when a literal {@code @skip}/{@code @include} excludes the selection. */
  private static boolean mayRun(List<Directive> directives) {
    return !Cond.FALSE.equals(conditions(directives, Binder.SYMBOLIC));
  }

  private static Cond conditions(List<Directive> directives, Binder binder) {
    Cond live = Cond.TRUE;
    for (Directive directive : directives) {
      if (directive.getName().equals("include")) {
        live = Cond.and(live, ifArgument(directive, binder));
      } else if (directive.getName().equals("skip")) {
        live = Cond.and(live, Cond.not(ifArgument(directive, binder)));
      }
    }
    return live;
  }

  private static Cond ifArgument(Directive directive, Binder binder) {
    Argument argument = directive.getArgument("if");
    Value<?> value = argument == null ? null : argument.getValue();
    if (value instanceof BooleanValue literal) {
      return Cond.of(literal.isValue());
    }
    if (value instanceof VariableReference ref) {
      return binder.cond(Cond.var(ref.getName()));
    }
    return Cond.FALSE;
  }

  static InvalidDocumentException invalid(String message) {
    return new InvalidDocumentException(ErrorCode.GRAPHQL_VALIDATION_FAILED, List.of(message));
  }
}
