package dev.tollgate.registry.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Equal strings come back as the pool's first instance, until the pool is full. */
final class StringPoolTest {

  @Test
  void share_equalValues_firstInstance() {
    StringPool pool = new StringPool(8);
    String first = new String("app");

    assertThat(pool.share(first)).isSameAs(first);
    assertThat(pool.share(new String("app"))).isSameAs(first);
    assertThat(pool.shareNullable(null)).isNull();
    assertThat(pool.size()).isEqualTo(1);
  }

  @Test
  void share_full_valueAsGivenAndNotHeld() {
    StringPool pool = new StringPool(1);
    String held = pool.share(new String("a"));
    String past = new String("b");

    assertThat(pool.share(past)).isSameAs(past);
    assertThat(pool.share(new String("b"))).isNotSameAs(past);
    assertThat(pool.share(new String("a"))).isSameAs(held);
    assertThat(pool.size()).isEqualTo(1);
  }
}
