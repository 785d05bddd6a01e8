package dev.tollgate.registry.catalog;

import dev.tollgate.registry.document.DocumentHash;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * An immutable map from document id to a value, compact enough for a registry of a million ids: the
 * ids' 32 bytes in one array of longs, grouped by their leading bits so that a lookup reads one or
 * two of them, and each id's value as an ordinal into the distinct values, which are shared (a
 * registry's ids have few distinct sets of apps). About 40 bytes an id, where a {@code HashMap} of
 * {@link DocumentHash} to a set of its own takes about 140.
 *
 * <p>A SHA-256 is evenly spread, so its leading bits pick a bucket directly: with at most one
 * bucket per id, a bucket holds one or two ids on average, and the buckets are laid out by a
 * counting sort, without comparing ids.
 *
 * @param <V> the value of an id; equal values (by {@code equals}) are held once
 */
public final class DocumentIndex<V> {

  private static final DocumentIndex<?> EMPTY = of(Map.of());

  /** The ids, four longs each ({@link DocumentHash#word}), grouped by bucket. */
  private final long[] words;

  /** Each id's value, as its position in {@link #values}. */
  private final int[] ordinals;

  private final List<V> values;

  /** The first id of each bucket, and the end of the last one. */
  private final int[] starts;

  /** How many leading bits of an id name its bucket. */
  private final int bits;

  private DocumentIndex(long[] words, int[] ordinals, List<V> values, int[] starts, int bits) {
    this.words = words;
    this.ordinals = ordinals;
    this.values = values;
    this.starts = starts;
    this.bits = bits;
  }

  @SuppressWarnings("unchecked")
  public static <V> DocumentIndex<V> empty() {
    return (DocumentIndex<V>) EMPTY;
  }

  /** The index of {@code map}'s entries; the map is not kept. */
  public static <V> DocumentIndex<V> of(Map<DocumentHash, V> map) {
    int size = map.size();
    int bits = size <= 1 ? 0 : 31 - Integer.numberOfLeadingZeros(size);
    int[] starts = new int[(1 << bits) + 1];
    for (DocumentHash hash : map.keySet()) {
      starts[bucket(hash.word(0), bits) + 1]++;
    }
    for (int bucket = 0; bucket < 1 << bits; bucket++) {
      starts[bucket + 1] += starts[bucket];
    }
    int[] next = Arrays.copyOf(starts, starts.length - 1);
    long[] words = new long[size * 4];
    int[] ordinals = new int[size];
    Map<V, Integer> distinct = new HashMap<>();
    List<V> values = new ArrayList<>();
    for (Map.Entry<DocumentHash, V> entry : map.entrySet()) {
      DocumentHash hash = entry.getKey();
      int position = next[bucket(hash.word(0), bits)]++;
      for (int word = 0; word < 4; word++) {
        words[position * 4 + word] = hash.word(word);
      }
      ordinals[position] =
          distinct.computeIfAbsent(
              entry.getValue(),
              value -> {
                values.add(value);
                return values.size() - 1;
              });
    }
    return new DocumentIndex<>(words, ordinals, List.copyOf(values), starts, bits);
  }

  /** The value of {@code hash}, or {@code null} when the index does not hold it. */
  public @Nullable V get(DocumentHash hash) {
    long a = hash.word(0);
    int bucket = bucket(a, bits);
    for (int position = starts[bucket], end = starts[bucket + 1]; position < end; position++) {
      int at = position * 4;
      if (words[at] == a
          && words[at + 1] == hash.word(1)
          && words[at + 2] == hash.word(2)
          && words[at + 3] == hash.word(3)) {
        return values.get(ordinals[position]);
      }
    }
    return null;
  }

  public boolean contains(DocumentHash hash) {
    return get(hash) != null;
  }

  public int size() {
    return ordinals.length;
  }

  /** How many distinct values the ids share. */
  public int distinctValues() {
    return values.size();
  }

  /** Every id with its value, in no particular order. */
  public void forEach(BiConsumer<DocumentHash, V> action) {
    for (int position = 0; position < ordinals.length; position++) {
      int at = position * 4;
      action.accept(
          DocumentHash.ofWords(words[at], words[at + 1], words[at + 2], words[at + 3]),
          values.get(ordinals[position]));
    }
  }

  private static int bucket(long firstWord, int bits) {
    return bits == 0 ? 0 : (int) (firstWord >>> (64 - bits));
  }
}
