package dev.tollgate.registry.catalog;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * An API key issued at runtime and not revoked, as a gateway or an in-process instance checks it
 * (the registry's snapshot carries these): never its secret, only the SHA-256 of it.
 *
 * @param id the key's public id
 * @param prefix the short public part of the secret, to recognise the key in logs
 * @param policy the name of the policy it selects
 * @param secretHash lowercase hex SHA-256 of the current secret
 * @param expires when it stops working; {@code null}: never
 * @param previousHash after a rotation, the previous secret's hash, valid until {@code
 *     previousUntil}
 */
public record IssuedKey(
    String id,
    String prefix,
    String policy,
    String secretHash,
    @Nullable Instant expires,
    @Nullable String previousHash,
    @Nullable Instant previousUntil) {}
