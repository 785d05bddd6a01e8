package dev.tollgate.registry.upstream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * A fake upstream on raw sockets, on a random port of 127.0.0.1, whose every byte the test
 * controls: each connection is served on its own thread, request after request (keep-alive), by a
 * {@link Behaviour}; the canned ones answer at once, slowly, endlessly, never, with a reset, or
 * close a kept-alive connection. Records every request it reads.
 */
public final class RawUpstream implements AutoCloseable {

  /** Serves one request; may write anything, or close or reset the connection. */
  @FunctionalInterface
  public interface Behaviour {
    void serve(Exchange exchange) throws IOException, InterruptedException;
  }

  /**
   * @param headers lower-case names to their values, in order
   * @param connection the connection's number, from 0
   * @param onConnection the request's number on its connection, from 0
   */
  public record Request(
      String line,
      Map<String, List<String>> headers,
      String body,
      int connection,
      int onConnection) {

    public @Nullable String header(String name) {
      List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
      return values == null ? null : values.get(0);
    }
  }

  /** One request and its connection. */
  public static final class Exchange {
    private final Request request;
    private final Socket socket;
    private boolean closed;

    Exchange(Request request, Socket socket) {
      this.request = request;
      this.socket = socket;
    }

    public Request request() {
      return request;
    }

    public void write(byte[] bytes) throws IOException {
      OutputStream out = socket.getOutputStream();
      out.write(bytes);
      out.flush();
    }

    public void write(String text) throws IOException {
      write(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A whole answer with {@code Content-Length}, the connection kept alive. */
    public void answer(int status, String contentType, String body, String... headers)
        throws IOException {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      StringBuilder head = new StringBuilder("HTTP/1.1 " + status + " X\r\n");
      head.append("Content-Type: ").append(contentType).append("\r\n");
      head.append("Content-Length: ").append(bytes.length).append("\r\n");
      for (int i = 0; i < headers.length; i += 2) {
        head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
      }
      write(head.append("\r\n").toString());
      write(bytes);
    }

    /** Reads nothing more of use: waits until the client closes the connection. */
    public void awaitClose() throws IOException {
      InputStream in = socket.getInputStream();
      while (in.read() >= 0) {
        // discard
      }
      closed = true;
    }

    public void close() throws IOException {
      closed = true;
      socket.close();
    }

    /** Closes with an RST instead of a FIN. */
    public void reset() throws IOException {
      closed = true;
      socket.setSoLinger(true, 0);
      socket.close();
    }
  }

  private final ServerSocket server;
  private final Behaviour behaviour;
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();

  private RawUpstream(Behaviour behaviour) throws IOException {
    this.server = new ServerSocket(0, 512, InetAddress.getLoopbackAddress());
    this.behaviour = behaviour;
    Thread acceptor = new Thread(this::accept, "raw-upstream-" + server.getLocalPort());
    acceptor.setDaemon(true);
    acceptor.start();
  }

  public static RawUpstream start(Behaviour behaviour) {
    try {
      return new RawUpstream(behaviour);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  public URI uri() {
    return URI.create("http://127.0.0.1:" + server.getLocalPort() + "/graphql");
  }

  public List<Request> requests() {
    return List.copyOf(requests);
  }

  /** How many connections were accepted. */
  public int connections() {
    return connections.get();
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (Socket socket : sockets) {
      socket.close();
    }
  }

  /* ---- canned behaviours ---- */

  /** Answers {@code body} as JSON with {@code status} at once. */
  public static Behaviour json(int status, String body, String... headers) {
    return exchange -> exchange.answer(status, "application/json", body, headers);
  }

  /** The headers at once, announcing {@code body}, then one byte every {@code pauseMillis}. */
  public static Behaviour slowBody(String body, long pauseMillis) {
    return exchange -> {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.write(
          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
              + bytes.length
              + "\r\n\r\n");
      for (byte b : bytes) {
        Thread.sleep(pauseMillis);
        exchange.write(new byte[] {b});
      }
    };
  }

  /**
   * A 200 without a length whose body never ends: {@code chunk} bytes of a JSON array every {@code
   * pauseMillis} until the client goes away.
   */
  public static Behaviour endlessBody(int chunk, long pauseMillis) {
    return exchange -> {
      exchange.write(
          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n[");
      byte[] ones = "1,".repeat(Math.max(1, chunk / 2)).getBytes(StandardCharsets.US_ASCII);
      while (true) {
        exchange.write(ones);
        if (pauseMillis > 0) {
          Thread.sleep(pauseMillis);
        }
      }
    };
  }

  /** Reads the request and never answers, until the client goes away. */
  public static Behaviour silent() {
    return Exchange::awaitClose;
  }

  /** Reads the request and resets the connection. */
  public static Behaviour reset() {
    return Exchange::reset;
  }

  /**
   * Answers the first request of each connection with {@code body}, keeping it alive, and closes
   * the connection without answering on the next one: what a client sees when the upstream closes a
   * connection it keeps idle just as the client reuses it.
   */
  public static Behaviour closesKeptAliveConnection(String body) {
    return exchange -> {
      if (exchange.request().onConnection() > 0) {
        exchange.close();
        return;
      }
      exchange.answer(200, "application/json", body);
    };
  }

  /* ---- serving ---- */

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        sockets.add(socket);
        int number = connections.getAndIncrement();
        Thread thread = new Thread(() -> serve(socket, number), "raw-upstream-connection");
        thread.setDaemon(true);
        thread.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket socket, int connection) {
    try (socket) {
      InputStream in = socket.getInputStream();
      for (int index = 0; ; index++) {
        Request request = read(in, connection, index);
        if (request == null) {
          return;
        }
        requests.add(request);
        Exchange exchange = new Exchange(request, socket);
        behaviour.serve(exchange);
        if (exchange.closed) {
          return;
        }
      }
    } catch (IOException e) {
      // the client went away, or the test closed the server
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static @Nullable Request read(InputStream in, int connection, int index)
      throws IOException {
    String head = head(in);
    if (head == null) {
      return null;
    }
    String[] lines = head.split("\r\n");
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
      headers
          .computeIfAbsent(name, n -> new ArrayList<>())
          .add(lines[i].substring(colon + 1).trim());
    }
    List<String> length = headers.get("content-length");
    byte[] body = in.readNBytes(length == null ? 0 : Integer.parseInt(length.get(0)));
    return new Request(
        lines[0], headers, new String(body, StandardCharsets.UTF_8), connection, index);
  }

  /** The request line and headers, or {@code null} at the end of the connection. */
  private static @Nullable String head(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        return null;
      }
      head.write(b);
      matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    String text = head.toString(StandardCharsets.ISO_8859_1);
    return text.substring(0, text.length() - 4);
  }
}
