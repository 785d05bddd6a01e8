package dev.tollgate.registry.store;

import dev.tollgate.registry.error.TollgateException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * API keys (issue 27): issued, rotated and revoked through the admin API, kept as hashes. Each
 * change is one transaction that writes the key's row, adds a {@code key} row to the change log (so
 * every gateway polling the change id reloads its keys, as it reloads versions) and, on an H2 file,
 * is journaled before it commits (so it survives kill -9); then the change listeners run. The table
 * is the place to add, later, other kinds of caller credentials (signed-token subjects) and the
 * audit of who changed what: each change already carries the admin token's name.
 */
public final class KeyStore {

  private final StoreTransactions transactions;

  KeyStore(StoreTransactions transactions) {
    this.transactions = transactions;
  }

  /**
   * Stores a new key, issued by {@code by} now.
   *
   * @param secretHash lowercase hex SHA-256 of the secret (the secret itself is never passed here)
   */
  public StoredKey create(
      String id,
      String prefix,
      String secretHash,
      String policy,
      @Nullable Instant expires,
      String by) {
    return change(
        dao -> {
          Instant now = transactions.now().toInstant();
          return new StoredKey(
              id, prefix, secretHash, policy, by, now, expires, null, null, null, null, null, null);
        },
        null);
  }

  /**
   * Gives key {@code id} the secret hashed {@code newHash}; its current secret stays valid for
   * {@code overlap} (zero: not at all). A previous secret still in its overlap is dropped.
   *
   * @throws TollgateException {@code KEY_NOT_FOUND}; {@code KEY_REVOKED} for a revoked key
   */
  public StoredKey rotate(String id, String newHash, Duration overlap) {
    return change(
        dao -> {
          StoredKey key = find(dao, id);
          if (key.revoked() != null) {
            throw StoreException.keyRevoked(id);
          }
          Instant now = transactions.now().toInstant();
          return key.rotatedTo(newHash, now, now.plus(overlap));
        },
        id);
  }

  /**
   * Revokes key {@code id}: its secrets stop working on every gateway. Revoking a revoked key
   * changes nothing.
   *
   * @throws TollgateException {@code KEY_NOT_FOUND}
   */
  public StoredKey revoke(String id, String by) {
    StoredKey key = transactions.read(dao -> dao.findKey(id)).orElseThrow(() -> notFound(id));
    if (key.revoked() != null) {
      return key;
    }
    return change(
        dao -> {
          StoredKey current = find(dao, id);
          return current.revoked() != null
              ? current
              : current.revokedAt(by, transactions.now().toInstant());
        },
        id);
  }

  /**
   * Key {@code id}.
   *
   * @throws TollgateException {@code KEY_NOT_FOUND}
   */
  public StoredKey find(String id) {
    return transactions.read(dao -> dao.findKey(id)).orElseThrow(() -> notFound(id));
  }

  /** Every key, revoked ones included, oldest first. */
  public List<StoredKey> keys() {
    return transactions.read(KeyDao::keys);
  }

  /** The keys a gateway may accept: not revoked; expiry is the gateway's to check. */
  public List<StoredKey> unrevokedKeys() {
    return transactions.read(KeyDao::unrevokedKeys);
  }

  /**
   * Moves each key's {@code last_used} forward to the time given (never back). Not a change: no
   * change row, no journal record, no reload of the gateways.
   */
  public void touch(Map<String, Instant> lastUsed) {
    if (lastUsed.isEmpty()) {
      return;
    }
    List<String> ids = new ArrayList<>(lastUsed.keySet());
    List<Instant> times = new ArrayList<>(ids.size());
    ids.forEach(id -> times.add(lastUsed.get(id)));
    transactions.use(dao -> dao.touchKeys(ids, times));
  }

  private interface KeyChange {
    StoredKey next(RegistryDao dao);
  }

  /** Writes the key {@code work} makes, its change row and its journal record; then notifies. */
  private StoredKey change(KeyChange work, @Nullable String existing) {
    StoredKey saved =
        transactions.write(
            dao -> {
              StoredKey key = work.next(dao);
              if (existing != null && dao.findKey(existing).equals(Optional.of(key))) {
                return key; // nothing changed (a key revoked meanwhile)
              }
              Instant at = transactions.now().toInstant();
              JournalRecord.KeySaved record = new JournalRecord.KeySaved(key, at);
              KeyRecords.apply(dao, record);
              transactions.journal(record);
              return key;
            });
    transactions.notifyListeners();
    return saved;
  }

  private static StoredKey find(KeyDao dao, String id) {
    return dao.findKey(id).orElseThrow(() -> notFound(id));
  }

  private static StoreException notFound(String id) {
    return StoreException.keyNotFound(id);
  }
}
