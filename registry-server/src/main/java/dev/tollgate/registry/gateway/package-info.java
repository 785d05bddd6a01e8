/**
 * The gateway as a service: {@link dev.tollgate.registry.gateway.Gateway} runs one {@code /graphql}
 * request (who is calling, admission, the response cache, the upstream, batches) and renders its
 * answer as status, headers and bytes; the HTTP adapter only reads the request and writes the
 * answer.
 */
@NullMarked
package dev.tollgate.registry.gateway;

import org.jspecify.annotations.NullMarked;
