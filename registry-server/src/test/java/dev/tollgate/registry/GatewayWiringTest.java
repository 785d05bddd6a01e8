package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

final class GatewayWiringTest {

  /* ---- actual-cost plans ---- */

  @Test
  void actualCostPlans_budgetOf64MiB_keepsAsManyPlansAsFitInIt() {
    // 64 × 1,048,576 = 67,108,864 bytes / 2,816 a plan = 23,831.3: 23,831 plans
    assertThat(GatewayWiring.ACTUAL_COST_PLANS).isEqualTo(23_831);
    assertThat((long) GatewayWiring.ACTUAL_COST_PLANS * GatewayWiring.ACTUAL_COST_PLAN_SIZE)
        .isLessThanOrEqualTo(GatewayWiring.ACTUAL_COST_PLAN_BYTES);
  }
}
