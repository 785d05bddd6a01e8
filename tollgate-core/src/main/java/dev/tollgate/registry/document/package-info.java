/**
 * Documents as text: identity (SHA-256 of the exact text, and the spellings clients send), and
 * reading an operation document up to graphql-java's parser and validation. A text is lexed once
 * before the parser runs ({@link dev.tollgate.registry.document.ScannedText}: {@code TokenCounter}
 * makes the pass, {@code Lexemes} says where each token ends): the pass refuses a text over the
 * token limit and, when asked, keeps the tokens, from which each operation's alias count is read
 * without the parser ({@link dev.tollgate.registry.document.AliasCount} counts the same on a parsed
 * document; {@link dev.tollgate.registry.document.FragmentMemo} is the count at a fragment spread
 * its walks share).
 */
@NullMarked
package dev.tollgate.registry.document;

import org.jspecify.annotations.NullMarked;
