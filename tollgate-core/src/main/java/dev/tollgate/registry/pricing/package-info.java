/**
 * Pricing: a pure function of (schema with its price list, document, cost model) giving compiled
 * price expressions and document metrics.
 *
 * <p>{@link dev.tollgate.registry.pricing.OperationPricer} parses (graphql-java's token count, EOF
 * included; one lexical pass of {@link dev.tollgate.registry.document.ScannedText} refuses a text
 * over the limit before the parser runs and, under an alias limit, counts the aliases from the same
 * tokens), checks the alias limit on the parsed text (before graphql-java's validation, whose
 * overlapping-fields rule is quadratic in same-named aliases), validates, and walks each operation
 * once, compiling its cost and depth into small expressions of {@link
 * dev.tollgate.registry.pricing.expr} over its variables. Constants fold, so a price that does not
 * depend on variables is one number. The schema's {@code @cost}/{@code @listSize} are read by
 * {@link dev.tollgate.registry.pricing.CostDirectives} only, for pricing and for the price list
 * clients read. The same walk with concrete variables is the direct walk the tests hold the
 * expressions equal to. The text form ({@code tgp1}) carries the printed variable definitions so
 * that a restored price coerces variables itself.
 *
 * <p>One walk ({@code OperationWalker}) serves the static price and the actual-cost plan: it
 * resolves each selection once and emits it to a sink, {@code PriceCompiler} (the expression) or
 * {@code ActualPlanCompiler} (the plan that measures an answer). What the preset decides is one
 * strategy, {@code CostRules} ({@code BookRules}, {@code ApolloRules}), chosen from the {@link
 * dev.tollgate.registry.pricing.CostModel}; so a new price directive is read by the walk, priced by
 * the rules, and both uses follow.
 *
 * <p>Choices where the design is silent: introspection is free in both presets; Apollo's {@code
 * requireOneSlicingArgument} is checked on the text (a slicing argument given as a literal, a
 * variable, or by a schema default counts), so none or several refuse the document as a validation
 * error, and a variable that turns out absent falls back to {@code assumedSize}, then the global
 * size; {@link dev.tollgate.registry.pricing.CompiledPrice#atDefaults()} reads a required variable
 * without a default as absent.
 */
@NullMarked
package dev.tollgate.registry.pricing;

import org.jspecify.annotations.NullMarked;
