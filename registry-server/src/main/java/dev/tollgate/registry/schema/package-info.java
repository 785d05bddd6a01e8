/**
 * Schema versions: every schema the registry was given, stored immutably under its fingerprint; the
 * impact report that reprices every active operation under a new schema before anything is
 * switched; and the atomic activation that switches the schema and every price at once, which every
 * gateway sharing the store follows.
 */
@NullMarked
package dev.tollgate.registry.schema;

import org.jspecify.annotations.NullMarked;
