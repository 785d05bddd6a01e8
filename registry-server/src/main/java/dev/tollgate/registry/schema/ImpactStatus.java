package dev.tollgate.registry.schema;

/** What a new schema does to one operation's price. */
public enum ImpactStatus {
  UNCHANGED("unchanged"),
  CHEAPER("cheaper"),
  DEARER("dearer"),
  /** No longer validates against the new schema. */
  BROKEN("broken"),
  /** Its cost exceeds the cost limit of every policy that may run it. */
  OVER_LIMIT("over-limit");

  private final String wireName;

  ImpactStatus(String wireName) {
    this.wireName = wireName;
  }

  /** The name clients read. */
  public String wireName() {
    return wireName;
  }
}
