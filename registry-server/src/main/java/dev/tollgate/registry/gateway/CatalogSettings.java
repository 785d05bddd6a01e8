package dev.tollgate.registry.gateway;

/**
 * How the gateway's document catalog follows the registry, from the {@code gateway} section.
 *
 * @param refreshMillis how often the registry is polled for publications of other gateways
 */
public record CatalogSettings(int refreshMillis) {

  public static final CatalogSettings DEFAULTS = new CatalogSettings(1_000);

  public CatalogSettings {
    GatewaySettings.require(
        refreshMillis > 0, "gateway.refreshMillis must be positive: " + refreshMillis);
  }
}
