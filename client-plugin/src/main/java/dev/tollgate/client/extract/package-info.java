/**
 * Finds {@code .graphql}/{@code .gql} files, parses them with graphql-java and turns every named
 * operation into one self-contained document: the operation followed by the fragments it uses,
 * printed the same way on every run. Problems are reported with the file and line they come from.
 */
@NullMarked
package dev.tollgate.client.extract;

import org.jspecify.annotations.NullMarked;
