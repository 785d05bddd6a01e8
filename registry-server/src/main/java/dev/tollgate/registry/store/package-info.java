/**
 * The registry store: documents, operations, apps and versions through Flyway migrations and Jdbi.
 */
@NullMarked
package dev.tollgate.registry.store;

import org.jspecify.annotations.NullMarked;
