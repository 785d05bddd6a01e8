package dev.tollgate.graphqljava;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registry's two feed routes on a raw socket, on a random port, so a test can cut an answer in
 * the middle of its body: the headers promise the whole body, half of it is sent, the connection
 * closes. Serves one app's documents as snapshot protocol 1 (the server's {@code
 * RegistryFeedBodies}); a change poll answers at once when the change id moved, else after 100 ms.
 */
final class RawRegistry implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final ServerSocket socket;
  private final Thread acceptor;
  private volatile long changeId = 1;
  private volatile String schemaFingerprint = "registry-schema";
  private volatile List<StoredDocument> documents = List.of();
  private volatile boolean cutChanges;
  private volatile boolean cutSnapshot;

  RawRegistry() throws IOException {
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    acceptor = new Thread(this::accept, "raw-registry");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + socket.getLocalPort());
  }

  /** A new state: the change id moves, the next snapshot holds {@code held} for app "shop". */
  void publish(String fingerprint, StoredDocument... held) {
    schemaFingerprint = fingerprint;
    documents = List.of(held);
    changeId++;
  }

  /** Whether change polls, and snapshots, are cut in the middle of their body. */
  void cut(boolean changes, boolean snapshot) {
    cutChanges = changes;
    cutSnapshot = snapshot;
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        Socket connection = socket.accept();
        Thread handler = new Thread(() -> answer(connection), "raw-registry-answer");
        handler.setDaemon(true);
        handler.start();
      } catch (SocketException closed) {
        return;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private void answer(Socket connection) {
    try (connection) {
      BufferedReader in =
          new BufferedReader(
              new InputStreamReader(connection.getInputStream(), StandardCharsets.US_ASCII));
      String requestLine = in.readLine();
      for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
        // headers: ignored
      }
      if (requestLine == null) {
        return;
      }
      String target = requestLine.split(" ")[1];
      boolean changes = target.startsWith("/v1/registry/changes");
      byte[] body = changes ? changesBody(after(target)) : snapshotBody();
      boolean cut = changes ? cutChanges : cutSnapshot;
      OutputStream out = connection.getOutputStream();
      out.write(
          ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                  + body.length
                  + "\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(body, 0, cut ? body.length / 2 : body.length);
      out.flush();
    } catch (IOException | InterruptedException e) {
      // the client went away: nothing to answer
    }
  }

  private static long after(String target) {
    for (String parameter : target.substring(target.indexOf('?') + 1).split("&")) {
      if (parameter.startsWith("after=")) {
        return Long.parseLong(parameter.substring("after=".length()));
      }
    }
    return -1;
  }

  private byte[] changesBody(long after) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + 100_000_000L;
    while (changeId == after && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    return JSON.writeValueAsBytes(Map.of("changeId", changeId));
  }

  private byte[] snapshotBody() throws IOException {
    List<Object> held = new ArrayList<>();
    for (StoredDocument document : documents) {
      List<Object> operations = new ArrayList<>();
      for (StoredOperation operation : document.operations()) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("name", operation.name());
        fields.put("kind", operation.kind().name());
        fields.put("price", operation.price());
        fields.put("cost", operation.cost());
        fields.put("depth", operation.depth());
        fields.put("aliases", operation.aliases());
        fields.put("tokens", operation.tokens());
        fields.put("schemaFingerprint", operation.schemaFingerprint());
        operations.add(fields);
      }
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("id", document.hash().hex());
      fields.put("body", document.body());
      fields.put("created", document.created().toString());
      fields.put("operations", operations);
      fields.put("apps", List.of("shop"));
      held.add(fields);
    }
    Map<String, Object> snapshot = new LinkedHashMap<>();
    snapshot.put("protocol", HttpRegistry.PROTOCOL);
    snapshot.put("changeId", changeId);
    snapshot.put("schemaFingerprint", schemaFingerprint);
    snapshot.put("documents", held);
    snapshot.put("aliases", Map.of());
    return JSON.writeValueAsBytes(snapshot);
  }
}
