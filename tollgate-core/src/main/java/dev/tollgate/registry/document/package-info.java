/**
 * Documents as text: identity (SHA-256 of the exact text, and the spellings clients send), and
 * reading an operation document up to graphql-java's parser and validation. {@link
 * dev.tollgate.registry.document.DocumentReader} lexes a text once before the parser runs: the pass
 * refuses a text over the token limit and, when asked, keeps the tokens, from which each
 * operation's alias count is read without the parser ({@link
 * dev.tollgate.registry.document.AliasCount} counts the same on a parsed document).
 */
@NullMarked
package dev.tollgate.registry.document;

import org.jspecify.annotations.NullMarked;
