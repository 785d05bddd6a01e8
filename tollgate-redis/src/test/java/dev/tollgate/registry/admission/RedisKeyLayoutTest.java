package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.util.JedisClusterCRC16;

/** How buckets sit in Redis Cluster's 16,384 hash slots; needs no Redis. */
final class RedisKeyLayoutTest {

  @Test
  void scripts_touchOnlyTheKeyTheyAreGiven() {
    for (String script : List.of(RedisBudgetLedger.SCRIPT, RedisBudgetLedger.REFUND_SCRIPT)) {
      List<String> touched = new ArrayList<>();
      Matcher call = Pattern.compile("redis\\.call\\('(\\w+)', ([^,)]+)").matcher(script);
      while (call.find()) {
        touched.add(call.group(2));
      }

      // HMGET, HSET, then EXPIRE or PERSIST: four calls, each on KEYS[1].
      assertThat(touched).hasSize(4).containsOnly("KEYS[1]");
      assertThat(script).doesNotContain("KEYS[2]");
    }
  }

  @Test
  void bucketKey_hasNoHashTag_soItsSlotIsTheCrc16OfTheWholeKey() {
    String bucket = RedisBudgetLedger.bucketKey("tgk_live_example");

    assertThat(bucket).doesNotContain("{").startsWith(RedisBudgetLedger.KEY_PREFIX);
    assertThat(JedisClusterCRC16.getSlot(bucket)).isEqualTo(crc16(bucket) % 16_384);
  }

  @Test
  void crc16_ofTheSpecsExample_is0x31C3() {
    // The Redis Cluster specification's test vector: CRC16-XMODEM("123456789") = 0x31C3.
    assertThat(crc16("123456789")).isEqualTo(0x31C3);
  }

  @Test
  void bucketKeys_spreadOverTheSlots() {
    int[] perQuarter = new int[4];
    for (int i = 0; i < 4_000; i++) {
      perQuarter[crc16(RedisBudgetLedger.bucketKey("subject-" + i)) % 16_384 / 4_096]++;
    }
    // 1,000 expected in each quarter of the slots; √(4000·¼·¾) ≈ 27, so ±150 is over 5 σ.
    for (int n : perQuarter) {
      assertThat(n).isBetween(850, 1_150);
    }
  }

  @Test
  void parse_severalNodesWithoutCluster_rejected() {
    assertThatThrownBy(() -> RedisNodes.parse("redis://a:6379,redis://b:6379", false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("several Redis nodes are only allowed for a Redis Cluster: a:6379,b:6379");
  }

  @Test
  void parse_clusterNodeNotAUrl_rejectedWithoutTheSecret() {
    assertThatThrownBy(() -> RedisNodes.parse("redis://a:6379,http://secret@b:6379", true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining("secret");
  }

  /** CRC16-XMODEM (polynomial 0x1021, initial 0), as the Redis Cluster specification gives it. */
  private static int crc16(String key) {
    int crc = 0;
    for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
      crc ^= (b & 0xFF) << 8;
      for (int bit = 0; bit < 8; bit++) {
        crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
        crc &= 0xFFFF;
      }
    }
    return crc;
  }
}
