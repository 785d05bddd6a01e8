/**
 * What one caller may do at the gateway: its {@link dev.tollgate.registry.policy.KeyPolicy} (mode,
 * apps, limits, budget), with the defaults a config file gets and the Jackson creators a config
 * binder reads it through; binding the file itself is the server's.
 */
@NullMarked
package dev.tollgate.registry.policy;

import org.jspecify.annotations.NullMarked;
