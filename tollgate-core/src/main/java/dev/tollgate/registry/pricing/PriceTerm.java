package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.Expr;

/**
 * One term of an operation's cost: what a root field (with everything below it) adds, or the
 * operation's base cost ({@code coordinate} {@code mutation}, say). The terms of a price add up to
 * its cost; they are kept beside the cost expression, which stays folded for admission.
 */
record PriceTerm(String coordinate, Expr cost) {}
