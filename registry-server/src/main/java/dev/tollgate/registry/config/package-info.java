/**
 * Server configuration: a record tree loaded once from JSON, validated at start, and the built-in
 * demo.
 */
@NullMarked
package dev.tollgate.registry.config;

import org.jspecify.annotations.NullMarked;
