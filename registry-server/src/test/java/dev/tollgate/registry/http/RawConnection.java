package dev.tollgate.registry.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP/1.1 connection to a test server on a raw socket, so that a test controls every byte and
 * when it is sent: requests are written as text, answers read one by one ({@code Content-Length}
 * framed, as Tollgate frames them) or to the end of the stream.
 */
final class RawConnection implements AutoCloseable {

  /** An answer: its status, its headers (names in lower case, the last value of each), its body. */
  record Answer(int status, Map<String, String> headers, String body) {
    @Nullable String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;

  /**
   * @param readTimeoutMillis how long a read waits before the test fails
   */
  RawConnection(int port, int readTimeoutMillis) throws IOException {
    socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout(readTimeoutMillis);
    in = socket.getInputStream();
    out = socket.getOutputStream();
  }

  void write(String text) throws IOException {
    out.write(text.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  /** The next answer on the connection. */
  Answer readAnswer() throws IOException {
    String statusLine = line();
    Map<String, String> headers = new LinkedHashMap<>();
    for (String header = line(); !header.isEmpty(); header = line()) {
      int colon = header.indexOf(':');
      headers.put(
          header.substring(0, colon).trim().toLowerCase(Locale.ROOT),
          header.substring(colon + 1).trim());
    }
    String length = headers.get("content-length");
    if (length == null) {
      throw new AssertionError("no Content-Length: " + statusLine + " " + headers);
    }
    byte[] body = in.readNBytes(Integer.parseInt(length));
    return new Answer(Integer.parseInt(statusLine.split(" ")[1]), headers, utf8(body));
  }

  /**
   * Everything the server sends until it closes the connection (a reset counts as a close).
   *
   * @throws AssertionError when the read timeout passes first: the connection was kept
   */
  String readToClose() throws IOException {
    ByteArrayOutputStream received = new ByteArrayOutputStream();
    byte[] buffer = new byte[4096];
    try {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        received.write(buffer, 0, n);
      }
    } catch (SocketTimeoutException e) {
      throw new AssertionError(
          "still open after " + socket.getSoTimeout() + " ms; received: " + utf8(received), e);
    } catch (SocketException reset) {
      // closed with an RST: closed all the same
    }
    return utf8(received);
  }

  private String line() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new AssertionError("connection closed mid-answer: " + utf8(line));
      }
      line.write(b);
    }
    return utf8(line).stripTrailing();
  }

  private static String utf8(ByteArrayOutputStream bytes) {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static String utf8(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
