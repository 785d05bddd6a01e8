/**
 * The Tollgate client: extracts GraphQL operations from client sources into a persisted-query
 * manifest, checks it against the registry (a dry run) and publishes it. {@link
 * dev.tollgate.client.ClientOperations} is the entry point that the Maven plugin and the command
 * line share; neither adapter holds logic of its own.
 */
@NullMarked
package dev.tollgate.client;

import org.jspecify.annotations.NullMarked;
