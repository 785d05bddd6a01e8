package dev.tollgate.registry.keys;

import dev.tollgate.registry.store.StoredToken;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The admin tokens issued at runtime that a server accepts, by the SHA-256 of their secret (the
 * only form the store keeps): loaded whole from the store by {@link TokenSync}, looked up on each
 * request of the admin API. A token is accepted while it is neither revoked (it is then no longer
 * loaded) nor expired (checked on each lookup against the clock).
 */
public final class TokenRing {

  private final InstantSource clock;
  private volatile Map<String, StoredToken> byHash = Map.of();

  public TokenRing(InstantSource clock) {
    this.clock = clock;
  }

  /** Replaces the tokens accepted with {@code tokens}. */
  public void load(List<StoredToken> tokens) {
    Map<String, StoredToken> loaded = new HashMap<>();
    for (StoredToken token : tokens) {
      loaded.put(token.secretHash(), token);
    }
    byHash = Map.copyOf(loaded);
  }

  /** The token whose secret is {@code presented}, when it is accepted now. */
  public Optional<StoredToken> find(String presented) {
    if (!presented.startsWith(KeySecrets.TOKEN_START) || !isAscii(presented)) {
      return Optional.empty();
    }
    StoredToken token = byHash.get(KeySecrets.hash(presented));
    if (token == null || !token.activeAt(clock.instant())) {
      return Optional.empty();
    }
    return Optional.of(token);
  }

  private static boolean isAscii(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) > 127) {
        return false;
      }
    }
    return true;
  }
}
