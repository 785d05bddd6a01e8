/**
 * The Maven goals {@code tollgate:manifest}, {@code tollgate:check} and {@code tollgate:publish}.
 * Thin adapters: parameters become a request record, the library does the work, and its typed
 * exceptions become Maven failures that name the offending {@code <parameter>}. The only package
 * that imports {@code org.apache.maven}.
 */
@NullMarked
package dev.tollgate.client.maven;

import org.jspecify.annotations.NullMarked;
