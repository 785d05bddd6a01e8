/**
 * Server configuration: composes each feature's settings record from a JSON file ({@link
 * dev.tollgate.registry.config.ConfigLoader}, {@link dev.tollgate.registry.config.SettingsBinder}),
 * and the built-in demo. Only the wiring reads it; each feature is handed its own settings.
 */
@NullMarked
package dev.tollgate.registry.config;

import org.jspecify.annotations.NullMarked;
