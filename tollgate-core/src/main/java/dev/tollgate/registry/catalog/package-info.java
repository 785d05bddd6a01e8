/**
 * The gateway's view of the registry: an in-memory index of every active document with its apps (so
 * an unknown id never costs a store read), and a bounded cache of registered documents with their
 * prices restored, loaded on first use.
 */
@NullMarked
package dev.tollgate.registry.catalog;

import org.jspecify.annotations.NullMarked;
