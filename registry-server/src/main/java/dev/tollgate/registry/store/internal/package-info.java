/** The store's row records: public only so that Jdbi can map and bind them by reflection. */
@NullMarked
package dev.tollgate.registry.store.internal;

import org.jspecify.annotations.NullMarked;
