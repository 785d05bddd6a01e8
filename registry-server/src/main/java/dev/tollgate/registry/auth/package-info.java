/**
 * Callers identified by signed tokens (issue 27, item 2): {@code Authorization: Bearer <JWT>}
 * verified against a JWK set (a file, or a URL fetched and refreshed) with Nimbus JOSE + JWT; a
 * claim picks the policy, another the subject whose own bucket is charged. {@link
 * dev.tollgate.registry.auth.BearerCallers} is the entry; {@link
 * dev.tollgate.registry.auth.JwtSettings} the {@code auth.jwt} section of the config.
 */
@NullMarked
package dev.tollgate.registry.auth;

import org.jspecify.annotations.NullMarked;
