/**
 * The gateway's answer contract as plain values: a refusal's error object ({@code {message,
 * extensions: {code, ...}}}) and the {@code extensions.cost} and {@code extensions.rateLimit} of a
 * decision, as ordered maps that the server's JSON writer and graphql-java's {@code
 * ExecutionResult} both take, so every way in answers with the same shape and the same values.
 */
@NullMarked
package dev.tollgate.registry.answer;

import org.jspecify.annotations.NullMarked;
