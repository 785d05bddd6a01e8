package dev.tollgate.registry.catalog;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationNotFoundException;
import dev.tollgate.registry.pricing.OperationSelection;
import dev.tollgate.registry.pricing.PricedOperation;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A registered document as the gateway runs it: its exact text and its operations with restored
 * prices. Immutable, so it may be cached for as long as memory allows.
 *
 * <p>Held compactly, since the catalog keeps many: the text packed ({@link PackedText}, unpacked by
 * {@link #text()} when it is asked, about a microsecond for a 320-character text, and the last 8
 * MiB of texts asked for kept unpacked), and the only operation of a one-operation document (most
 * of them) without a list around it.
 */
public final class RegisteredDocument {

  /**
   * The texts unpacked last, so that a document executed again and again (its text goes upstream
   * with every request) is unpacked once: up to 8 MiB of texts, keyed by the document itself (an
   * entry goes with its document). Unpacking a 380-character text costs about 2 µs of CPU; finding
   * it here a tenth of that.
   */
  private static final Cache<RegisteredDocument, String> UNPACKED =
      Caffeine.newBuilder()
          .weakKeys()
          .maximumWeight(8L << 20)
          .weigher((RegisteredDocument document, String text) -> 64 + text.length())
          .build();

  private final DocumentHash hash;
  private final byte[] packedText;
  // the only operation (a PricedOperation), or a List<PricedOperation> of two or more
  private final Object operations;
  private final boolean introspective;

  /**
   * @param introspective whether the document selects {@code __schema} or {@code __type}
   */
  public RegisteredDocument(
      DocumentHash hash, String text, List<PricedOperation> operations, boolean introspective) {
    this.hash = Objects.requireNonNull(hash, "hash");
    this.packedText = PackedText.pack(text);
    this.operations = operations.size() == 1 ? operations.get(0) : List.copyOf(operations);
    this.introspective = introspective;
  }

  public DocumentHash hash() {
    return hash;
  }

  /** The exact text, unpacked (or found among the texts unpacked last). */
  public String text() {
    return UNPACKED.get(this, document -> PackedText.unpack(document.packedText));
  }

  @SuppressWarnings("unchecked")
  public List<PricedOperation> operations() {
    return operations instanceof PricedOperation only
        ? List.of(only)
        : (List<PricedOperation>) operations;
  }

  /** Whether the document selects {@code __schema} or {@code __type}. */
  public boolean introspective() {
    return introspective;
  }

  /**
   * The operation a request selects ({@link OperationSelection}).
   *
   * @throws OperationNotFoundException when the name is unknown, or several operations and no name
   */
  public PricedOperation select(@Nullable String operationName) {
    if (operations instanceof PricedOperation only
        && (operationName == null
            || operationName.isEmpty()
            || operationName.equals(only.name()))) {
      return only; // the common case, without a list made to select from
    }
    return OperationSelection.select(operations(), PricedOperation::name, operationName);
  }

  /** How many bytes the packed text takes (for {@link DocumentCatalog#weigh}). */
  int packedTextBytes() {
    return packedText.length;
  }

  /** How many operations the document has, without making a list of one. */
  int operationCount() {
    return operations instanceof PricedOperation ? 1 : operations().size();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RegisteredDocument document
        && hash.equals(document.hash)
        && Arrays.equals(packedText, document.packedText)
        && this.operations.equals(document.operations)
        && introspective == document.introspective;
  }

  @Override
  public int hashCode() {
    return hash.hashCode();
  }

  @Override
  public String toString() {
    return "RegisteredDocument[hash=" + hash + ", operations=" + operations() + "]";
  }
}
