package dev.tollgate.registry.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The embedded store's append-only journal: one record per publication and retirement, written and
 * forced to disk before the database transaction commits. The file is the 4-byte magic {@code
 * TGJ1}, then records of a 4-byte payload length, the payload's 4-byte CRC32 and the payload.
 *
 * <p>Reading stops at the first record that is not whole or whose CRC does not match: a torn tail
 * is a record whose write never finished, so it was never acknowledged. Records after a bad one are
 * not trusted either (a damaged length makes every later boundary a guess); {@link #read} reports
 * how many bytes it could not read, and {@link #openForAppend} cuts them off, after copying them
 * beside the journal.
 */
final class Journal implements AutoCloseable {

  private static final byte[] MAGIC = {'T', 'G', 'J', '1'};
  private static final int HEADER = 8;

  private final FileChannel channel;

  private Journal(FileChannel channel) {
    this.channel = channel;
  }

  /** The whole records of a journal file and where the readable part ends. */
  record Contents(List<byte[]> payloads, long validBytes, long fileBytes) {
    boolean damaged() {
      return validBytes < fileBytes;
    }
  }

  static Contents read(Path file) {
    try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = in.size();
      if (size < MAGIC.length) {
        return new Contents(List.of(), 0, size);
      }
      ByteBuffer magic = ByteBuffer.allocate(MAGIC.length);
      readFully(in, magic, 0);
      if (!java.util.Arrays.equals(magic.array(), MAGIC)) {
        throw new IllegalStateException("not a Tollgate journal (no TGJ1 header): " + file);
      }
      return readRecords(in, size);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the journal " + file, e);
    }
  }

  private static Contents readRecords(FileChannel in, long size) throws IOException {
    List<byte[]> payloads = new ArrayList<>();
    long position = MAGIC.length;
    ByteBuffer header = ByteBuffer.allocate(HEADER);
    while (size - position >= HEADER) {
      header.clear();
      readFully(in, header, position);
      int length = header.getInt(0);
      long crc = Integer.toUnsignedLong(header.getInt(4));
      if (length < 0 || length > size - position - HEADER) {
        break;
      }
      ByteBuffer payload = ByteBuffer.allocate(length);
      readFully(in, payload, position + HEADER);
      if (crc(payload.array()) != crc) {
        break;
      }
      payloads.add(payload.array());
      position += HEADER + length;
    }
    return new Contents(payloads, position, size);
  }

  /**
   * Opens {@code file} for appending, creating it when absent; a damaged tail ({@link
   * Contents#validBytes}) is cut off first, and copied to {@code keptTail} when not empty.
   */
  static Journal openForAppend(Path file, Contents contents, Path keptTail) {
    try {
      FileChannel channel =
          FileChannel.open(
              file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
      if (channel.size() < MAGIC.length) {
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(MAGIC), 0);
      } else if (contents.damaged() && channel.size() > contents.validBytes()) {
        keepTail(channel, contents.validBytes(), keptTail);
        channel.truncate(contents.validBytes());
      }
      channel.force(true);
      channel.position(channel.size());
      return new Journal(channel);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the journal " + file, e);
    }
  }

  private static void keepTail(FileChannel channel, long from, Path keptTail) throws IOException {
    try (FileChannel out =
        FileChannel.open(
            keptTail,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      long size = channel.size();
      for (long at = from; at < size; ) {
        at += channel.transferTo(at, size - at, out);
      }
      out.force(true);
    }
  }

  /** Writes a whole journal of {@code payloads} to {@code file} (through a temporary file). */
  static void writeAll(Path file, List<byte[]> payloads) {
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    try (FileChannel out =
        FileChannel.open(
            temporary,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      out.write(ByteBuffer.wrap(MAGIC));
      for (byte[] payload : payloads) {
        writeRecord(out, payload);
      }
      out.force(true);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the journal " + temporary, e);
    }
    try {
      Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot move the journal into place: " + file, e);
    }
  }

  /** The journal's length now: what {@link #truncate} goes back to. */
  long size() {
    try {
      return channel.size();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the journal's size", e);
    }
  }

  /** Appends one record and forces it (and the file's length) to disk before returning. */
  void append(byte[] payload) {
    try {
      writeRecord(channel, payload);
      channel.force(true);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the journal", e);
    }
  }

  /** Removes what was appended after {@code size} (a record whose transaction did not commit). */
  void truncate(long size) {
    try {
      channel.truncate(size);
      channel.position(size);
      channel.force(true);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot cut the journal back", e);
    }
  }

  @Override
  public void close() {
    try {
      channel.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the journal", e);
    }
  }

  private static void writeRecord(FileChannel out, byte[] payload) throws IOException {
    ByteBuffer record = ByteBuffer.allocate(HEADER + payload.length);
    record.putInt(payload.length).putInt((int) crc(payload)).put(payload).flip();
    while (record.hasRemaining()) {
      out.write(record);
    }
  }

  private static long crc(byte[] payload) {
    CRC32 crc = new CRC32();
    crc.update(payload);
    return crc.getValue();
  }

  private static void readFully(FileChannel in, ByteBuffer buffer, long position)
      throws IOException {
    while (buffer.hasRemaining()) {
      if (in.read(buffer, position + buffer.position()) < 0) {
        throw new IOException("unexpected end of the journal");
      }
    }
  }
}
