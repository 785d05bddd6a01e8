/**
 * The price expression language: small trees over a request's coerced variables (saturating sums,
 * products, clamps, max, conditionals, list sizes, Apollo's argument cost of a variable), their
 * printed text form and its reader. {@link dev.tollgate.registry.pricing} compiles documents into
 * these trees and stores their text; only it uses this package, which is a sub-package so that the
 * language (values, printer, reader) can be read and tested apart from the compiler. It depends on
 * graphql-java's schema types only, never on the compiler.
 */
@NullMarked
package dev.tollgate.registry.pricing.expr;

import org.jspecify.annotations.NullMarked;
