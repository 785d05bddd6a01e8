package dev.tollgate.registry.admission;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;
import redis.clients.jedis.util.JedisURIHelper;

/**
 * Lua scripts run on one Redis server: connected lazily, with {@code timeout} on every call
 * (connect, read, and wait for a pooled connection); each script by EVALSHA, sent whole (EVAL) when
 * Redis does not hold it. A failure is a {@link BudgetStoreUnavailableException} naming the server.
 */
final class RedisScripts implements AutoCloseable {

  /** A Lua script and its SHA-1, by which Redis caches it. */
  record Script(String text, String sha) {
    static Script of(String text) {
      return new Script(text, sha1(text));
    }
  }

  private final RedisClient redis;
  private final HostAndPort address;

  /**
   * @throws IllegalArgumentException if {@code redisUrl} is not a Redis URL
   */
  RedisScripts(String redisUrl, Duration timeout) {
    URI uri = redisUri(redisUrl);
    int millis = Math.toIntExact(timeout.toMillis());
    ConnectionPoolConfig pool = new ConnectionPoolConfig();
    pool.setMaxWait(timeout);
    this.address = JedisURIHelper.getHostAndPort(uri);
    this.redis =
        RedisClient.builder()
            .clientConfig(
                DefaultJedisClientConfig.builder()
                    .connectionTimeoutMillis(millis)
                    .socketTimeoutMillis(millis)
                    .clientName("tollgate-budget")
                    .build())
            .poolConfig(pool)
            .fromURI(uri)
            .build();
  }

  /**
   * Runs {@code script} on {@code keys} and {@code args}.
   *
   * @throws BudgetStoreUnavailableException if Redis cannot be reached in time or refuses it
   */
  Object run(Script script, List<String> keys, List<String> args) {
    try {
      return evaluate(script, keys, args);
    } catch (JedisException e) {
      throw new BudgetStoreUnavailableException(
          "budget store unavailable: Redis at " + address + " failed: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    redis.close();
  }

  private Object evaluate(Script script, List<String> keys, List<String> args) {
    try {
      return redis.evalsha(script.sha(), keys, args);
    } catch (JedisNoScriptException e) {
      // First use, or Redis restarted: EVAL runs the script and caches it for the next EVALSHA.
      return redis.eval(script.text(), keys, args);
    }
  }

  private static URI redisUri(String redisUrl) {
    URI uri;
    try {
      uri = URI.create(redisUrl);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not a redis:// URL: " + e.getMessage(), e);
    }
    if (!JedisURIHelper.isValid(uri)
        || !(JedisURIHelper.isRedisScheme(uri) || JedisURIHelper.isRedisSSLScheme(uri))) {
      throw new IllegalArgumentException(
          "not a redis:// URL with a host and port: "
              + uri.getScheme()
              + "://"
              + uri.getHost()
              + ":"
              + uri.getPort());
    }
    return uri;
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
