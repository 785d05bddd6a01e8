package dev.tollgate.registry.document;

import org.jspecify.annotations.Nullable;

/**
 * One operation's alias count, measured on the parsed text; {@code name} is null when anonymous.
 */
public record OperationAliases(@Nullable String name, int aliases) {}
