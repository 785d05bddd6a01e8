package dev.tollgate.registry.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.admission.InMemoryBudgetLedger;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import org.junit.jupiter.api.Test;

/**
 * The subjects' buckets in memory: bounded by {@code auth.jwt.maxSubjects} (a forgotten subject
 * starts full again), apart from the policies' buckets, which are never forgotten.
 */
final class SubjectLedgerTest {

  private static final Budget BUDGET = new Budget(1_000, 0);
  private static final KeyPolicy PARTNER = KeyPolicy.newPolicy("partner").budget(BUDGET).build();

  private final FakeClock clock = new FakeClock();
  private final InMemoryBudgetLedger policies = new InMemoryBudgetLedger(clock);
  private final InMemoryBudgetLedger subjects = new InMemoryBudgetLedger(clock, 100);
  private final SubjectLedger ledger = new SubjectLedger(policies, subjects);

  @Test
  void charge_manySubjects_keptBuckets_boundedByMaxSubjects() {
    for (int i = 0; i < 1_000; i++) {
      ledger.charge(bucket("user-" + i), BUDGET, 10);
    }

    assertThat(subjects.size()).isLessThanOrEqualTo(100).isPositive();
    assertThat(policies.size()).isZero();
  }

  @Test
  void charge_policyBucket_neverEvictedBySubjects() {
    ledger.charge("partner", BUDGET, 10);
    for (int i = 0; i < 1_000; i++) {
      ledger.charge(bucket("user-" + i), BUDGET, 10);
    }

    // 1,000 - 10: the policy's bucket lives in the unbounded ledger
    assertThat(ledger.balance("partner", BUDGET).remaining()).isEqualTo(990);
    assertThat(policies.size()).isEqualTo(1);
  }

  @Test
  void charge_subjectWithinTheBound_keepsItsBalance() {
    ledger.charge(bucket("alice"), BUDGET, 10);
    ledger.charge(bucket("alice"), BUDGET, 10);

    // the refill rate is 0: 1,000 - 10 - 10
    assertThat(ledger.balance(bucket("alice"), BUDGET).remaining()).isEqualTo(980);
    assertThat(ledger.balance(bucket("bob"), BUDGET).remaining()).isEqualTo(1_000);
  }

  @Test
  void bucketOf_samePolicyNamedPerSubject_differsFromThePolicysName() {
    KeyPolicy alice = SubjectLedger.bucketOf(PARTNER, "alice");

    assertThat(alice.name()).isEqualTo("\u0000partner\u0000alice");
    assertThat(alice.budget()).isEqualTo(PARTNER.budget());
    assertThat(alice.transform(b -> b.name("partner"))).isEqualTo(PARTNER);
  }

  private static String bucket(String subject) {
    return SubjectLedger.bucketOf(PARTNER, subject).name();
  }
}
