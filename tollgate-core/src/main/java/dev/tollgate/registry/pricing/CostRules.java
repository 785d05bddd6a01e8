package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import dev.tollgate.registry.pricing.FieldVisit.Sizing;
import dev.tollgate.registry.pricing.PlanStep.Count;
import dev.tollgate.registry.pricing.expr.Expr;
import dev.tollgate.registry.pricing.expr.Source;
import graphql.language.OperationDefinition;
import graphql.schema.GraphQLFieldDefinition;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link CostPreset} decides (docs/cost-model.md), one implementation per preset, chosen
 * once from the {@link CostModel} for a walk: {@link BookRules} and {@link ApolloRules}. The walk
 * and its two sinks ask it; none of them asks which preset it is.
 */
sealed interface CostRules permits BookRules, ApolloRules {

  /**
   * @param binder how the walk reads variables: the argument costs and list sizes it builds keep
   *     them as leaves, or fold them
   */
  static CostRules of(CostModel model, CachedPrices prices, Binder binder) {
    return switch (model.preset()) {
      case BOOK -> new BookRules(model, prices);
      case APOLLO -> new ApolloRules(model, prices, binder);
    };
  }

  /** The cost an operation of this kind has before its fields. */
  long base(OperationDefinition.Operation operation);

  /**
   * The size a field gives the children it names in {@code sizedFields}, or {@code null}.
   *
   * @param sources the field's slicing arguments, bound
   */
  @Nullable Sizing childSizing(@Nullable ListSize listSize, List<Source> sources);

  /**
   * Refuses a field the preset cannot price, before the walk enters it.
   *
   * @throws InvalidDocumentException when the field breaks a rule of the preset
   */
  void check(FieldVisit field);

  /** The static price of a field, its children's price given. */
  Expr cost(FieldVisit field, Expr children);

  /**
   * How the actual-cost plan counts a field's returned value.
   *
   * @param sizedKey the response key of the list a connection's size is read from, or {@code null}
   */
  Count count(FieldVisit field, @Nullable String sizedKey);

  /** A field's own weight in the actual-cost plan. */
  long weight(GraphQLFieldDefinition definition);

  /** The cost of the arguments a field is given, {@link Expr#ZERO} when the preset prices none. */
  Expr arguments(FieldVisit field);

  /** Whether a list given several slicing arguments is as large as the largest, or the first. */
  boolean largestSlice();
}
