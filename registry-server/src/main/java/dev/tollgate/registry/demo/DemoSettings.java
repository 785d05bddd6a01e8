package dev.tollgate.registry.demo;

/**
 * The {@code demo} section.
 *
 * @param publishDemoManifest whether the demo manifest is published at start ({@link DemoManifest})
 */
public record DemoSettings(boolean publishDemoManifest) {

  public static final DemoSettings DEFAULTS = new DemoSettings(false);
}
