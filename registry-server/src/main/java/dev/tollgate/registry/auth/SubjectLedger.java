package dev.tollgate.registry.auth;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import org.jspecify.annotations.Nullable;

/**
 * The in-memory budget ledger with the token subjects' buckets apart: a subject's bucket key
 * ({@link #bucketOf}) goes to a ledger bounded to {@code auth.jwt.maxSubjects} buckets, every other
 * key (the policies') to the ledger of the policies, which is never evicted. With Redis, subjects'
 * buckets are Redis keys like the policies' (each expires once refilled), and this split is not
 * needed.
 */
public final class SubjectLedger implements BudgetLedger, AutoCloseable {

  /** Starts every subject's bucket key: no policy name of a config file holds it. */
  private static final char MARK = '\u0000';

  private final BudgetLedger policies;
  private final BudgetLedger subjects;

  /**
   * @param policies the policies' buckets
   * @param subjects the subjects' buckets, bounded
   */
  public SubjectLedger(BudgetLedger policies, BudgetLedger subjects) {
    this.policies = policies;
    this.subjects = subjects;
  }

  /**
   * {@code policy} as charged for {@code subject}: the same policy, named by its subject's bucket
   * key (the ledgers key buckets by policy name), {@code NUL policy NUL subject}.
   */
  static KeyPolicy bucketOf(KeyPolicy policy, String subject) {
    String key = MARK + policy.name() + MARK + subject;
    return policy.transform(builder -> builder.name(key));
  }

  private BudgetLedger of(String key) {
    return !key.isEmpty() && key.charAt(0) == MARK ? subjects : policies;
  }

  @Override
  public BudgetCharge charge(String key, Budget budget, long cost) {
    return of(key).charge(key, budget, cost);
  }

  @Override
  public BudgetCharge refund(String key, Budget budget, long units) {
    return of(key).refund(key, budget, units);
  }

  @Override
  public @Nullable BudgetCharge balance(String key, Budget budget) {
    return of(key).balance(key, budget);
  }

  @Override
  public void close() throws Exception {
    if (policies instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }
}
