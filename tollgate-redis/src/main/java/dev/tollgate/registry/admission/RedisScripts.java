package dev.tollgate.registry.admission;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import org.jspecify.annotations.Nullable;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * Lua scripts run on one Redis server or a Redis Cluster ({@link RedisNodes}), with {@code timeout}
 * on every call (connect, read, and wait for a pooled connection); each script by EVALSHA, sent
 * whole (EVAL) when Redis does not hold it. On a cluster each call goes to the node holding the
 * slot of its one key. A failure is a {@link BudgetStoreUnavailableException} naming the store.
 *
 * <p>The client is made on the first call, and again on the next call after making it failed (a
 * cluster client asks a seed node for the slots as it is made): a gateway starts while its store is
 * down.
 */
final class RedisScripts implements AutoCloseable {

  /** A Lua script and its SHA-1, by which Redis caches it. */
  record Script(String text, String sha) {
    static Script of(String text) {
      return new Script(text, sha1(text));
    }
  }

  private final RedisNodes nodes;
  private final Duration timeout;
  private final Object lock = new Object();
  private volatile @Nullable UnifiedJedis redis;
  private boolean closed;

  RedisScripts(RedisNodes nodes, Duration timeout) {
    this.nodes = nodes;
    this.timeout = timeout;
  }

  /**
   * Runs {@code script} on {@code keys} and {@code args}.
   *
   * @throws BudgetStoreUnavailableException if Redis cannot be reached in time or refuses it
   */
  Object run(Script script, List<String> keys, List<String> args) {
    try {
      return evaluate(client(), script, keys, args);
    } catch (JedisException e) {
      throw new BudgetStoreUnavailableException(
          "budget store unavailable: Redis at " + nodes.describe() + " failed: " + e.getMessage(),
          e);
    }
  }

  @Override
  public void close() {
    synchronized (lock) {
      closed = true;
      UnifiedJedis client = redis;
      if (client != null) {
        client.close();
      }
    }
  }

  private UnifiedJedis client() {
    UnifiedJedis client = redis;
    if (client != null) {
      return client;
    }
    synchronized (lock) {
      if (closed) {
        throw new JedisException("the budget ledger is closed");
      }
      if (redis == null) {
        redis = nodes.connect(timeout);
      }
      return redis;
    }
  }

  private static Object evaluate(
      UnifiedJedis redis, Script script, List<String> keys, List<String> args) {
    try {
      return redis.evalsha(script.sha(), keys, args);
    } catch (JedisNoScriptException e) {
      // First use, or Redis restarted: EVAL runs the script and caches it for the next EVALSHA.
      return redis.eval(script.text(), keys, args);
    }
  }

  private static String sha1(String text) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-1");
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is required of every JVM", e);
    }
  }
}
