package dev.tollgate.registry.keys;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import org.jspecify.annotations.Nullable;

/**
 * The secrets of stored API keys: {@code tg_<prefix>_<secret>}, the secret 32 bytes from {@link
 * SecureRandom} in url-safe base64 without padding (43 characters), the prefix 8 random lowercase
 * letters and digits, public. The {@code tg_} start makes a leaked key easy to find with grep (and
 * for secret scanners). Only SHA-256 of the whole string is stored: for a 256-bit random secret a
 * fast hash is enough, since finding a preimage costs about 2^256 guesses however fast each is;
 * slow password hashes (bcrypt, Argon2) protect low-entropy secrets that people choose, which these
 * are not.
 */
public final class KeySecrets {

  /** How every stored key's secret starts. */
  public static final String START = "tg_";

  /**
   * How every admin token issued at runtime starts (issue 27): same form, same hash, a start of its
   * own so that a leaked token is told from a leaked key at a glance.
   */
  public static final String TOKEN_START = "tga_";

  private static final String PREFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
  private static final int PREFIX_LENGTH = 8;
  private static final int SECRET_BYTES = 32;
  private static final SecureRandom RANDOM = new SecureRandom();

  private KeySecrets() {}

  /** A new public key id: 16 lowercase hex digits. */
  public static String newId() {
    byte[] bytes = new byte[8];
    RANDOM.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /** A new public prefix: 8 lowercase letters and digits. */
  public static String newPrefix() {
    StringBuilder prefix = new StringBuilder(PREFIX_LENGTH);
    for (int i = 0; i < PREFIX_LENGTH; i++) {
      prefix.append(PREFIX_ALPHABET.charAt(RANDOM.nextInt(PREFIX_ALPHABET.length())));
    }
    return prefix.toString();
  }

  /** A new secret with {@code prefix}: {@code tg_<prefix>_<43 characters>}. */
  public static String newSecret(String prefix) {
    return newSecret(START, prefix);
  }

  /**
   * A new secret starting with {@code start} ({@link #START} for a key, {@link #TOKEN_START} for an
   * admin token): {@code <start><prefix>_<43 characters>}.
   */
  public static String newSecret(String start, String prefix) {
    byte[] bytes = new byte[SECRET_BYTES];
    RANDOM.nextBytes(bytes);
    return start + prefix + "_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** Lowercase hex SHA-256 of {@code secret}, as the store keeps it. */
  public static String hash(String secret) {
    byte[] digest = Hasher.local().digest(secret);
    if (digest == null) {
      throw new IllegalArgumentException("a key's secret is ASCII");
    }
    return HexFormat.of().formatHex(digest);
  }

  /**
   * Whether {@code a} and {@code b} hold the same characters, every character compared whatever the
   * first difference, so the time taken says nothing of how much of a secret a caller got right
   * (only the lengths, which are public: a key's, a token's format says it). The same string object
   * is the same without a look at its characters: Jetty hands a connection's repeated header back
   * as the string it parsed first, and whether two strings are one object says nothing of their
   * contents.
   */
  public static boolean same(@Nullable String a, String b) {
    if (a == b) {
      return true;
    }
    if (a == null || a.length() != b.length()) {
      return false;
    }
    int difference = 0;
    for (int i = 0; i < b.length(); i++) {
      difference |= a.charAt(i) ^ b.charAt(i);
    }
    return difference == 0;
  }

  /**
   * SHA-256 of an ASCII string without allocating: one per thread, with its own buffer. Secrets are
   * ASCII; a string that is not cannot be a stored key's.
   */
  static final class Hasher {

    private static final ThreadLocal<Hasher> LOCAL = ThreadLocal.withInitial(Hasher::new);

    private final MessageDigest sha256;
    private final byte[] out = new byte[32];
    private byte[] buffer = new byte[64];

    /**
     * The string {@link #out} is the digest of: the same instance again (the guard, then the route,
     * looking up one request's header on one thread) is not hashed twice.
     */
    private @Nullable String hashed;

    private Hasher() {
      try {
        sha256 = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("SHA-256 is required by every Java platform", e);
      }
    }

    static Hasher local() {
      return LOCAL.get();
    }

    /**
     * SHA-256 of {@code text}, in this thread's buffer (valid until its next call); null when the
     * text is not ASCII.
     */
    byte @Nullable [] digest(String text) {
      if (text == hashed) {
        return out;
      }
      int length = text.length();
      if (buffer.length < length) {
        buffer = new byte[Math.max(length, buffer.length * 2)];
      }
      for (int i = 0; i < length; i++) {
        char c = text.charAt(i);
        if (c > 127) {
          return null;
        }
        buffer[i] = (byte) c;
      }
      sha256.update(buffer, 0, length);
      try {
        sha256.digest(out, 0, out.length);
      } catch (java.security.DigestException e) {
        throw new IllegalStateException("a 32-byte buffer holds SHA-256", e);
      }
      hashed = text;
      return out;
    }
  }
}
