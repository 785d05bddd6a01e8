/**
 * Publication: reads a manifest (Apollo's {@code apollo-persisted-query-manifest} v1 or an {@code
 * {id: body}} map), checks every id and every operation, prices each operation once and stores the
 * manifest whole under {@code (app, version)} through the store.
 */
@NullMarked
package dev.tollgate.registry.publish;

import org.jspecify.annotations.NullMarked;
