package dev.tollgate.spring;

/** {@code tollgate.budget.*}: where budgets are charged. */
public class BudgetProperties {
  /**
   * {@code memory} (token buckets in this process) or {@code redis}: the application's {@code
   * BudgetLedger} bean (tollgate-redis's {@code RedisBudgetLedger}, to share budgets with
   * gateways), which must then exist. A {@code BudgetLedger} bean is used whenever there is one.
   */
  private String store = "memory";

  /**
   * How many instances (gateways and in-process servers) share the Redis budget store: while it
   * cannot be reached, a policy whose {@code on-store-failure} is {@code local} gets this share of
   * its budget here.
   */
  private int expectedInstances = 1;

  public int getExpectedInstances() {
    return expectedInstances;
  }

  public void setExpectedInstances(int expectedInstances) {
    this.expectedInstances = expectedInstances;
  }

  public String getStore() {
    return store;
  }

  public void setStore(String store) {
    this.store = store;
  }
}
