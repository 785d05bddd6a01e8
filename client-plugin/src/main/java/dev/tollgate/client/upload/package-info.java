/**
 * The registry's HTTP client ({@code POST /v1/apps/{app}/versions/{version}}, with or without
 * {@code ?dryRun=true}) over {@code java.net.http}, its report, and one typed exception per way the
 * registry can say no. The bearer token never appears in output or exception messages.
 */
@NullMarked
package dev.tollgate.client.upload;

import org.jspecify.annotations.NullMarked;
