package dev.tollgate.registry.keys;

import dev.tollgate.registry.catalog.IssuedKey;
import dev.tollgate.registry.policy.KeyPolicy;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The API keys issued at runtime as a gateway or an in-process instance checks them: in memory, a
 * table from the SHA-256 of each valid secret to its key's policy, replaced whole when the store's
 * change id moves ({@link #load}), as the catalog of documents is. A request's key costs one
 * SHA-256 into a per-thread buffer and one probe of the table: no store read and no allocation. A
 * revoked key is not in the table; an expired key, or a previous secret past its rotation overlap,
 * is in it and refused on the clock.
 *
 * <p>Each key's last use is kept here to the minute; {@link #usedSince} hands the store what moved,
 * about once a minute, so {@code last_used} costs one batched statement per minute, not a write per
 * request.
 */
public final class KeyRing {

  private static final Logger LOG = LoggerFactory.getLogger(KeyRing.class);

  /** The longest string that may be a stored key's secret (they are 55 characters). */
  private static final int MAX_SECRET_LENGTH = 100;

  private static final long MINUTE_MILLIS = 60_000;

  private final InstantSource clock;
  private volatile Table table = new Table(List.of());

  public KeyRing(InstantSource clock) {
    this.clock = clock;
  }

  /**
   * Replaces the table by {@code keys} (those not revoked: a revoked key is not issued), each with
   * the policy of {@code policies} it names; a key naming a policy the config no longer has is left
   * out (and refused), with a warning.
   */
  public void load(List<IssuedKey> keys, Map<String, KeyPolicy> policies) {
    Map<String, Usage> usages = new HashMap<>();
    for (Entry entry : table.entries) {
      usages.put(entry.id, entry.usage);
    }
    List<Entry> entries = new ArrayList<>();
    for (IssuedKey key : keys) {
      KeyPolicy policy = policies.get(key.policy());
      if (policy == null) {
        LOG.warn(
            "key {} (prefix {}) names policy {}, which the config file does not define: refused",
            key.id(),
            key.prefix(),
            key.policy());
        continue;
      }
      Usage usage = usages.getOrDefault(key.id(), new Usage());
      long expires = key.expires() == null ? Long.MAX_VALUE : key.expires().toEpochMilli();
      entries.add(
          new Entry(bytes(key.secretHash()), policy, key.id(), expires, Long.MAX_VALUE, usage));
      if (key.previousHash() != null && key.previousUntil() != null) {
        entries.add(
            new Entry(
                bytes(key.previousHash()),
                policy,
                key.id(),
                expires,
                key.previousUntil().toEpochMilli(),
                usage));
      }
    }
    table = new Table(entries);
  }

  /** How many secrets the table holds (a rotated key's previous one counted). */
  public int size() {
    return table.entries.size();
  }

  /**
   * The policy of the stored key whose secret is {@code presented}, or null when there is none, or
   * it is expired, or it is a previous secret past its overlap.
   */
  public @Nullable KeyPolicy find(String presented) {
    Table current = table;
    if (current.entries.isEmpty()
        || presented.length() > MAX_SECRET_LENGTH
        || !presented.startsWith(KeySecrets.START)) {
      return null;
    }
    byte[] hash = KeySecrets.Hasher.local().digest(presented);
    if (hash == null) {
      return null;
    }
    Entry entry = current.find(hash);
    if (entry == null) {
      return null;
    }
    long now = clock.millis();
    if (now >= entry.expires || now >= entry.until) {
      return null;
    }
    long minute = now / MINUTE_MILLIS;
    if (entry.usage.minute != minute) {
      entry.usage.minute = minute;
    }
    return entry.policy;
  }

  /** The keys used since the last call, with their last use to the minute: for the store. */
  public Map<String, Instant> usedSince() {
    Map<String, Instant> used = new LinkedHashMap<>();
    for (Entry entry : table.entries) {
      Usage usage = entry.usage;
      long minute = usage.minute;
      if (minute > usage.flushed) {
        usage.flushed = minute;
        used.put(entry.id, Instant.ofEpochMilli(minute * MINUTE_MILLIS));
      }
    }
    return used;
  }

  private static byte[] bytes(String hex) {
    return HexFormat.of().parseHex(hex);
  }

  /** A key's last use, shared by its current and previous secret. */
  private static final class Usage {
    volatile long minute = -1;
    long flushed = -1;
  }

  /**
   * @param expires the key's expiry in epoch millis ({@link Long#MAX_VALUE}: none)
   * @param until when this secret stops (a previous one after its overlap), else {@link
   *     Long#MAX_VALUE}
   */
  private record Entry(
      byte[] hash, KeyPolicy policy, String id, long expires, long until, Usage usage) {}

  /** An open-addressing table keyed by the digests' first four bytes, at most half full. */
  private static final class Table {
    final List<Entry> entries;
    private final Entry[] slots;
    private final int mask;

    Table(List<Entry> entries) {
      this.entries = List.copyOf(entries);
      int capacity = Integer.highestOneBit(Math.max(2, entries.size()) * 2 - 1) << 1;
      this.slots = new Entry[capacity];
      this.mask = capacity - 1;
      for (Entry entry : entries) {
        int at = index(entry.hash);
        while (slots[at] != null) {
          at = (at + 1) & mask;
        }
        slots[at] = entry;
      }
    }

    @Nullable Entry find(byte[] hash) {
      for (int at = index(hash); slots[at] != null; at = (at + 1) & mask) {
        if (java.util.Arrays.equals(slots[at].hash, hash)) {
          return slots[at];
        }
      }
      return null;
    }

    private int index(byte[] hash) {
      int head =
          (hash[0] & 0xff) << 24 | (hash[1] & 0xff) << 16 | (hash[2] & 0xff) << 8 | hash[3] & 0xff;
      return head & mask;
    }
  }
}
