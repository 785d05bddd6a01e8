package dev.tollgate.registry.keys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.catalog.IssuedKey;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.store.StoredKey;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The gateway's table of issued keys: found by the SHA-256 of the presented secret, refused when
 * expired or past a rotation's overlap, absent when revoked or naming a policy the config does not
 * have; every one of many keys found; a lookup allocates nothing; last use handed over once.
 */
final class KeyRingTest {

  private static final KeyPolicy WEB = KeyPolicy.newPolicy("web").build();
  private static final KeyPolicy PARTNER = KeyPolicy.newPolicy("partner").build();
  private static final Map<String, KeyPolicy> POLICIES = Map.of("web", WEB, "partner", PARTNER);
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z"); // FakeClock's

  private final FakeClock clock = new FakeClock();
  private final KeyRing ring = new KeyRing(clock);

  @Test
  void find_byTheSecret_eachKeyItsPolicy() {
    String web = KeySecrets.newSecret("aaaa1111");
    String partner = KeySecrets.newSecret("bbbb2222");
    ring.load(
        issued(List.of(key("k1", web, "web", null), key("k2", partner, "partner", null))),
        POLICIES);

    assertThat(ring.find(web)).isSameAs(WEB);
    assertThat(ring.find(partner)).isSameAs(PARTNER);
    assertThat(ring.find(web + "x")).isNull();
    assertThat(ring.find(KeySecrets.newSecret("aaaa1111"))).isNull();
    assertThat(ring.find("web-demo")).as("not tg_: never hashed").isNull();
    assertThat(ring.find("tg_é")).as("not ASCII").isNull();
  }

  @Test
  void find_expired_refusedFromTheExpiry() {
    String secret = KeySecrets.newSecret("aaaa1111");
    ring.load(issued(List.of(key("k1", secret, "web", START.plusSeconds(60)))), POLICIES);

    assertThat(ring.find(secret)).isSameAs(WEB);
    clock.advance(Duration.ofSeconds(59));
    assertThat(ring.find(secret)).isSameAs(WEB);
    clock.advance(Duration.ofSeconds(1)); // 60 s: the expiry itself
    assertThat(ring.find(secret)).isNull();
  }

  @Test
  void find_rotated_previousSecretUntilTheOverlapEnds() {
    String old = KeySecrets.newSecret("aaaa1111");
    String fresh = KeySecrets.newSecret("aaaa1111");
    StoredKey rotated =
        new StoredKey(
            "k1",
            "aaaa1111",
            KeySecrets.hash(fresh),
            "web",
            "ops",
            START,
            null,
            null,
            null,
            null,
            START,
            KeySecrets.hash(old),
            START.plusSeconds(300));
    ring.load(issued(List.of(rotated)), POLICIES);

    assertThat(ring.find(old)).isSameAs(WEB);
    assertThat(ring.find(fresh)).isSameAs(WEB);
    assertThat(ring.size()).isEqualTo(2); // both secrets of one key
    clock.advance(Duration.ofSeconds(300));
    assertThat(ring.find(old)).isNull();
    assertThat(ring.find(fresh)).isSameAs(WEB);
  }

  @Test
  void load_revokedAndUnknownPolicy_leftOut() {
    String revoked = KeySecrets.newSecret("aaaa1111");
    String orphan = KeySecrets.newSecret("bbbb2222");
    StoredKey gone =
        new StoredKey(
            "k1",
            "aaaa1111",
            KeySecrets.hash(revoked),
            "web",
            "ops",
            START,
            null,
            "ops",
            START,
            null,
            null,
            null,
            null);
    ring.load(issued(List.of(gone, key("k2", orphan, "gold", null))), POLICIES);

    assertThat(ring.size()).isZero();
    assertThat(ring.find(revoked)).isNull();
    assertThat(ring.find(orphan)).isNull();
  }

  @Test
  void find_amongManyKeys_everyOneFound() {
    List<String> secrets = new ArrayList<>();
    List<StoredKey> keys = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      String secret = KeySecrets.newSecret(String.format("p%07d", i));
      secrets.add(secret);
      keys.add(key("k" + i, secret, i % 2 == 0 ? "web" : "partner", null));
    }
    ring.load(issued(keys), POLICIES);

    for (int i = 0; i < secrets.size(); i++) {
      assertThat(ring.find(secrets.get(i))).isSameAs(i % 2 == 0 ? WEB : PARTNER);
    }
    assertThat(ring.size()).isEqualTo(5_000);
  }

  /**
   * A lookup costs one SHA-256 into the thread's buffer and one probe: after a warm-up, 10,000
   * lookups, alternating two keys so that each is hashed, allocate nothing (one 16-byte object each
   * would be 160,000 bytes; the bound, 4,096 bytes, leaves room for the JVM's own bookkeeping).
   */
  @Test
  void find_allocatesNothing() {
    String first = KeySecrets.newSecret("aaaa1111");
    String second = KeySecrets.newSecret("bbbb2222");
    ring.load(
        issued(List.of(key("k1", first, "web", null), key("k2", second, "partner", null))),
        POLICIES);
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    int found = 0;
    for (int i = 0; i < 50_000; i++) {
      found += ring.find(i % 2 == 0 ? first : second) == null ? 0 : 1;
    }

    long before = threads.getThreadAllocatedBytes(id);
    for (int i = 0; i < 10_000; i++) {
      found += ring.find(i % 2 == 0 ? first : second) == null ? 0 : 1;
    }
    long allocated = threads.getThreadAllocatedBytes(id) - before;

    assertThat(found).isEqualTo(60_000);
    assertThat(allocated).isLessThan(4_096);
  }

  /**
   * The guard and the route look one header up, so the hasher keeps the digest of the last instance
   * it hashed: asked again, or for an equal text, or another, it gives each its own digest.
   */
  @Test
  void digest_sameInstanceAgain_equalText_otherText_eachItsOwn() {
    KeySecrets.Hasher hasher = KeySecrets.Hasher.local();
    String secret = KeySecrets.newSecret("aaaa1111");
    byte[] first = hasher.digest(secret).clone();
    byte[] again = hasher.digest(secret).clone();
    byte[] equalText = hasher.digest(new String(secret.toCharArray())).clone();
    byte[] other = hasher.digest(KeySecrets.newSecret("aaaa1111")).clone();

    assertThat(again).isEqualTo(first);
    assertThat(equalText).isEqualTo(first);
    assertThat(other).isNotEqualTo(first);
    assertThat(java.util.HexFormat.of().formatHex(first)).isEqualTo(KeySecrets.hash(secret));
  }

  @Test
  void usedSince_eachKeyOnceToTheMinute() {
    String secret = KeySecrets.newSecret("aaaa1111");
    ring.load(issued(List.of(key("k1", secret, "web", null))), POLICIES);
    clock.advance(Duration.ofSeconds(90)); // 00:01:30, in minute 00:01
    ring.find(secret);
    ring.find(secret);

    Map<String, Instant> first = ring.usedSince();
    Map<String, Instant> second = ring.usedSince();
    ring.load(
        issued(List.of(key("k1", secret, "web", null))), POLICIES); // a reload keeps the usage
    Map<String, Instant> afterReload = ring.usedSince();

    assertThat(first).containsExactly(Map.entry("k1", Instant.parse("2026-01-01T00:01:00Z")));
    assertThat(second).isEmpty();
    assertThat(afterReload).isEmpty();
  }

  /** The keys as the store issues them to the ring: the revoked ones left out. */
  private static List<IssuedKey> issued(List<StoredKey> keys) {
    List<IssuedKey> issued = new ArrayList<>();
    for (StoredKey key : keys) {
      if (key.revoked() == null) {
        issued.add(key.issued());
      }
    }
    return issued;
  }

  private static StoredKey key(String id, String secret, String policy, @Nullable Instant expires) {
    return new StoredKey(
        id,
        secret.substring(3, 11),
        KeySecrets.hash(secret),
        policy,
        "ops",
        START,
        expires,
        null,
        null,
        null,
        null,
        null,
        null);
  }
}
