package dev.tollgate.registry.upstream;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The plain request an upstream receives: {@code {query, operationName, variables}}. */
public record UpstreamRequest(
    String query, @Nullable String operationName, Map<String, @Nullable Object> variables) {}
