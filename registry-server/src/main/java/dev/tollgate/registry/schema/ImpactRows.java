package dev.tollgate.registry.schema;

import dev.tollgate.registry.document.DocumentHash;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import org.jspecify.annotations.Nullable;

/**
 * The impacts of a repricing held as columns, one array slot per operation, read back as {@link
 * OperationImpact}s written when asked: an impact held as an object (with its id's 64 hex digits
 * and a boxed cost) weighs about 160 bytes; its columns here about 45, pointing to the strings and
 * ids the operations and prices already hold (measured with those: 190 bytes an operation held,
 * against 290). Filled once by {@link #append}, in the report's order, then read only.
 */
final class ImpactRows extends AbstractList<OperationImpact> implements RandomAccess {

  private static final ImpactStatus[] STATUSES = ImpactStatus.values();

  private final String[] apps;
  private final String[] versions;
  private final DocumentHash[] ids;
  private final @Nullable String[] names;
  private final String[] oldPrices;
  private final @Nullable String[] newPrices;
  private final long[] oldCosts;
  private final long[] newCosts;
  private final byte[] statuses;
  private final @Nullable List<?>[] errors;
  private int size;

  ImpactRows(int capacity) {
    apps = new String[capacity];
    versions = new String[capacity];
    ids = new DocumentHash[capacity];
    names = new String[capacity];
    oldPrices = new String[capacity];
    newPrices = new String[capacity];
    oldCosts = new long[capacity];
    newCosts = new long[capacity];
    statuses = new byte[capacity];
    errors = new List<?>[capacity];
  }

  /**
   * Adds the next operation's impact; {@code newPrice} is null exactly when {@code status} is
   * {@code BROKEN} ({@code newCost} is then ignored, and {@code errors} says why).
   */
  void append(
      String app,
      String version,
      DocumentHash id,
      @Nullable String name,
      String oldPrice,
      @Nullable String newPrice,
      long oldCost,
      long newCost,
      ImpactStatus status,
      List<String> errors) {
    int row = size++;
    apps[row] = app;
    versions[row] = version;
    ids[row] = id;
    names[row] = name;
    oldPrices[row] = oldPrice;
    newPrices[row] = newPrice;
    oldCosts[row] = oldCost;
    newCosts[row] = newCost;
    statuses[row] = (byte) status.ordinal();
    this.errors[row] = errors.isEmpty() ? null : errors;
  }

  ImpactStatus status(int row) {
    return STATUSES[statuses[checked(row)]];
  }

  @Override
  public OperationImpact get(int row) {
    checked(row);
    ImpactStatus status = STATUSES[statuses[row]];
    boolean broken = status == ImpactStatus.BROKEN;
    List<?> why = errors[row];
    return new OperationImpact(
        apps[row],
        versions[row],
        ids[row].hex(),
        names[row],
        oldPrices[row],
        newPrices[row],
        oldCosts[row],
        broken ? null : newCosts[row],
        status,
        why == null ? List.of() : strings(why));
  }

  @Override
  public int size() {
    return size;
  }

  private int checked(int row) {
    if (row < 0 || row >= size) {
      throw new IndexOutOfBoundsException(row);
    }
    return row;
  }

  @SuppressWarnings("unchecked")
  private static List<String> strings(List<?> errors) {
    return (List<String>) errors;
  }
}
