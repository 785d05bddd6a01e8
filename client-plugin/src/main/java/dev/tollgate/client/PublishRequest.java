package dev.tollgate.client;

import static java.util.Objects.requireNonNull;

/**
 * A publication: which manifest to send where, and whether an operation that no policy can run
 * stops it.
 *
 * @param target the registry, app, version and manifest
 * @param failOnUnaffordable publish only when a dry run first finds every operation affordable (the
 *     registry's {@code affordable}); else publish and report them
 */
public record PublishRequest(RegistryRequest target, boolean failOnUnaffordable) {

  public PublishRequest {
    requireNonNull(target, "target");
  }
}
