package dev.tollgate.registry.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.UpstreamRequest;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * {@link HttpUpstream} starts no thread per call. With {@code sendAsync}, the JDK client completes
 * every call through CompletableFuture's default executor, which on fewer than 3 cores starts a new
 * thread each time: 50 calls started 50 threads on the 2-core development machine.
 */
@Isolated // counts the threads the JVM starts, so nothing else runs beside it
final class HttpUpstreamThreadsTest {

  @Test
  void execute_fiftyCalls_startsNoThreadPerCall() throws Exception {
    try (RawUpstream fake = RawUpstream.start(RawUpstream.json(200, "{\"data\":{\"n\":1}}"))) {
      HttpUpstream upstream =
          new HttpUpstream(fake.uri(), Duration.ofSeconds(5), 1 << 16, new ObjectMapper());
      UpstreamRequest request = new UpstreamRequest("{ n }", null, Map.of());
      upstream.execute(request); // the client's selector thread and the fake's connection thread
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long before = threads.getTotalStartedThreadCount();

      for (int i = 0; i < 50; i++) {
        upstream.execute(request);
      }

      // slack for a thread the JVM itself may start meanwhile; one per call would be 50
      assertThat(threads.getTotalStartedThreadCount() - before).isLessThan(10);
    }
  }
}
