package dev.tollgate.registry.http;

/**
 * A read-only view of chars in a buffer, so that a JSON string value can be counted before it is
 * copied into a {@code String} (Jackson decodes it into its own buffer either way).
 */
final class CharSlice implements CharSequence {

  private final char[] chars;
  private final int offset;
  private final int length;

  CharSlice(char[] chars, int offset, int length) {
    this.chars = chars;
    this.offset = offset;
    this.length = length;
  }

  @Override
  public int length() {
    return length;
  }

  @Override
  public char charAt(int index) {
    if (index < 0 || index >= length) {
      throw new IndexOutOfBoundsException(index);
    }
    return chars[offset + index];
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    if (start < 0 || end > length || start > end) {
      throw new IndexOutOfBoundsException(start + ".." + end);
    }
    return new CharSlice(chars, offset + start, end - start);
  }

  @Override
  public String toString() {
    return new String(chars, offset, length);
  }
}
