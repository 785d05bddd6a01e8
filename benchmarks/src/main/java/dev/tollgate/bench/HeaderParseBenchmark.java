package dev.tollgate.bench;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.http.HttpVersion;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Jetty's HTTP/1 parser on one keep-alive connection reading the load script's registered GET, by
 * API key or by a bearer token of 545 characters (the demo's RS256 JWT), with the per-connection
 * header field cache of {@code cacheSize} ({@code http.headerCacheSize}; Jetty's default 1024). A
 * cached field is matched character by character through a trie on every request, which for a long
 * token costs more than reading its bytes afresh.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar HeaderParseBenchmark
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class HeaderParseBenchmark {

  /** A 545-character JWT's shape: three base64url parts (not verified here). */
  private static final String TOKEN =
      "eyJraWQiOiJ0b2xsZ2F0ZS1kZW1vIiwiYWxnIjoiUlMyNTYifQ."
          + "A".repeat(180)
          + "."
          + "B".repeat(342);

  @Param({"key", "jwt"})
  public String credential;

  @Param({"0", "256", "512", "1024"})
  public int cacheSize;

  private HttpParser parser;
  private byte[] request;
  private final Handler handler = new Handler();

  @Setup
  public void setUp() {
    String header =
        credential.equals("key") ? "X-API-Key: web-demo" : "Authorization: Bearer " + TOKEN;
    request =
        ("GET /graphql?documentId=8f0c8b4c1f9d4e7f8a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f"
                + "&operationName=TrackCargo&variables=%7B%22trackingId%22%3A%22ABC123%22%7D"
                + " HTTP/1.1\r\nHost: localhost:18480\r\n"
                + header
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    parser = new HttpParser(handler, 8192, HttpCompliance.RFC9110);
    parser.setHeaderCacheSize(cacheSize);
    parser.setHeaderCacheCaseSensitive(true);
  }

  @Benchmark
  public void parse(Blackhole blackhole) {
    ByteBuffer buffer = ByteBuffer.wrap(request);
    while (buffer.hasRemaining() && !handler.complete) {
      parser.parseNext(buffer);
    }
    handler.complete = false;
    parser.reset();
    blackhole.consume(handler.last);
  }

  private static final class Handler implements HttpParser.RequestHandler {
    boolean complete;
    HttpField last;

    @Override
    public void startRequest(String method, String uri, HttpVersion version) {}

    @Override
    public void parsedHeader(HttpField field) {
      last = field;
    }

    @Override
    public boolean headerComplete() {
      return false;
    }

    @Override
    public boolean content(ByteBuffer item) {
      return false;
    }

    @Override
    public boolean contentComplete() {
      return false;
    }

    @Override
    public boolean messageComplete() {
      complete = true;
      return true;
    }

    @Override
    public void earlyEOF() {}

    @Override
    public void badMessage(HttpException failure) {
      throw new IllegalStateException(failure.getReason());
    }
  }
}
