package dev.tollgate.registry.admission;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.util.JedisURIHelper;

/**
 * Where the budget store is: one Redis server ({@code redis://[user:password@]host:port[/db]}, or
 * {@code rediss://}), or a Redis Cluster named by one or more of its nodes, comma-separated (the
 * user, password and TLS of the first apply to all; the client discovers the other nodes).
 *
 * @param nodes the server, or the cluster's seed nodes
 * @param cluster whether {@code nodes} are nodes of a Redis Cluster
 */
record RedisNodes(List<URI> nodes, boolean cluster) {

  RedisNodes {
    nodes = List.copyOf(nodes);
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("no Redis node given");
    }
    if (!cluster && nodes.size() > 1) {
      throw new IllegalArgumentException(
          "several Redis nodes are only allowed for a Redis Cluster: " + describe(nodes));
    }
  }

  /**
   * @throws IllegalArgumentException if an entry of {@code redisUrl} is not a Redis URL, or if it
   *     names several nodes of a server that is not a cluster
   */
  static RedisNodes parse(String redisUrl, boolean cluster) {
    List<URI> nodes = new ArrayList<>();
    for (String node : redisUrl.split(",", -1)) {
      nodes.add(redisUri(node.strip()));
    }
    return new RedisNodes(nodes, cluster);
  }

  /** The nodes, {@code host:port} each, without credentials: for messages. */
  String describe() {
    return describe(nodes);
  }

  /**
   * A client that connects lazily to one server; for a cluster, one that connects now to a seed
   * node to learn the slots (so it fails at once when none answers).
   */
  UnifiedJedis connect(Duration timeout) {
    int millis = Math.toIntExact(timeout.toMillis());
    ConnectionPoolConfig pool = new ConnectionPoolConfig();
    pool.setMaxWait(timeout);
    URI first = nodes.get(0);
    if (!cluster) {
      return RedisClient.builder()
          .clientConfig(config(millis, null, null, false))
          .poolConfig(pool)
          .fromURI(first)
          .build();
    }
    Set<HostAndPort> seeds = new LinkedHashSet<>();
    for (URI node : nodes) {
      seeds.add(JedisURIHelper.getHostAndPort(node));
    }
    return RedisClusterClient.builder()
        .nodes(seeds)
        .clientConfig(
            config(
                millis,
                JedisURIHelper.getUser(first),
                JedisURIHelper.getPassword(first),
                JedisURIHelper.isRedisSSLScheme(first)))
        .poolConfig(pool)
        // A MOVED or ASK (a slot migrating, a failover) is followed, within the one timeout.
        .maxAttempts(3)
        .maxTotalRetriesDuration(timeout)
        .build();
  }

  private static JedisClientConfig config(
      int millis, @Nullable String user, @Nullable String password, boolean ssl) {
    return DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(millis)
        .socketTimeoutMillis(millis)
        .clientName("tollgate-budget")
        .user(user)
        .password(password)
        .ssl(ssl)
        .build();
  }

  private static String describe(List<URI> nodes) {
    List<String> named = new ArrayList<>();
    for (URI node : nodes) {
      named.add(node.getHost() + ":" + node.getPort());
    }
    return String.join(",", named);
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
}
