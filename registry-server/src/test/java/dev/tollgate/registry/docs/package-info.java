/**
 * What the tests that hold the documents to the code share: reading README.md and docs/*.md. The
 * tests themselves sit beside the code they compare with ({@code config.ConfigReferenceTest},
 * {@code gateway.ErrorCodeDocTest}).
 */
@NullMarked
package dev.tollgate.registry.docs;

import org.jspecify.annotations.NullMarked;
