/**
 * HTTP adapters: route groups, wire records and the one place that maps exceptions to responses.
 */
@NullMarked
package dev.tollgate.registry.http;

import org.jspecify.annotations.NullMarked;
