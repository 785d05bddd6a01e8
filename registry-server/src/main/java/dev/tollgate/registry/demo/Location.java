package dev.tollgate.registry.demo;

/** A UN/LOCODE port; its node id is {@code loc_<code>}. */
record Location(String id, String code, String name) {

  static Location of(String code, String name) {
    return new Location("loc_" + code, code, name);
  }
}
