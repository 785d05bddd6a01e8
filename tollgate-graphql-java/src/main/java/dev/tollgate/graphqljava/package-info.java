/**
 * Tollgate inside a graphql-java server: the admission the HTTP gateway performs, done for an
 * {@code ExecutionInput}. {@link dev.tollgate.graphqljava.TollgateGraphQL} builds a {@code
 * PreparsedDocumentProvider} that resolves the request's document id to a registered document,
 * charges its stored price to the caller's budget and refuses, with the gateway's codes and
 * messages, before any data fetcher runs; and an {@code Instrumentation} that measures the answer's
 * actual cost, refunds, and adds the gateway's {@code extensions.cost} and {@code
 * extensions.rateLimit}. The caller comes from a {@link dev.tollgate.graphqljava.CallerResolver}.
 */
@NullMarked
package dev.tollgate.graphqljava;

import org.jspecify.annotations.NullMarked;
