package dev.tollgate.registry.store;

import dev.tollgate.registry.error.TollgateException;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Tokens of the admin API issued at runtime (issue 27), kept as hashes, as {@link KeyStore} keeps
 * API keys: each change is one transaction that writes the token's row and a {@code token} row of
 * the change log (so every gateway polling the change id reloads its tokens), journaled on an H2
 * file before it commits; then the change listeners run.
 */
public final class TokenStore {

  private final StoreTransactions transactions;

  TokenStore(StoreTransactions transactions) {
    this.transactions = transactions;
  }

  /**
   * Stores a new token, issued by {@code by} now.
   *
   * @param secretHash lowercase hex SHA-256 of the secret (the secret itself is never passed here)
   * @param scope {@code admin}, {@code publish} or {@code read}
   */
  public StoredToken issue(
      String id,
      String prefix,
      String name,
      String scope,
      String secretHash,
      @Nullable Instant expires,
      String by) {
    return save(
        new StoredToken(
            id,
            prefix,
            name,
            scope,
            secretHash,
            by,
            transactions.now().toInstant(),
            expires,
            null,
            null));
  }

  /**
   * Revokes token {@code id}: it stops working on every gateway. Revoking a revoked token changes
   * nothing.
   *
   * @throws TollgateException {@code TOKEN_NOT_FOUND}
   */
  public StoredToken revoke(String id, String by) {
    StoredToken token = find(id);
    if (token.revoked() != null) {
      return token;
    }
    return save(token.revokedAt(by, transactions.now().toInstant()));
  }

  /**
   * Token {@code id}.
   *
   * @throws TollgateException {@code TOKEN_NOT_FOUND}
   */
  public StoredToken find(String id) {
    return transactions
        .read(dao -> dao.findToken(id))
        .orElseThrow(() -> StoreException.tokenNotFound(id));
  }

  /** Every token, revoked ones included, oldest first. */
  public List<StoredToken> tokens() {
    return transactions.read(TokenDao::tokens);
  }

  /** The tokens a gateway may accept: not revoked; expiry is the gateway's to check. */
  public List<StoredToken> unrevokedTokens() {
    return transactions.read(TokenDao::unrevokedTokens);
  }

  private StoredToken save(StoredToken token) {
    StoredToken saved =
        transactions.write(
            dao -> {
              JournalRecord.TokenSaved record =
                  new JournalRecord.TokenSaved(token, transactions.now().toInstant());
              TokenRecords.apply(dao, record);
              transactions.journal(record);
              return token;
            });
    transactions.notifyListeners();
    return saved;
  }
}
