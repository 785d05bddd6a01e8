package dev.tollgate.registry.upstream;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The upstream's answer: its HTTP status and its JSON body as a map ({@code data}, {@code errors},
 * {@code extensions}), into which the gateway merges its own extensions.
 */
public record UpstreamResponse(int status, Map<String, @Nullable Object> body) {}
