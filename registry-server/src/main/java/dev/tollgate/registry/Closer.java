package dev.tollgate.registry;

import java.util.ArrayDeque;
import java.util.Deque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Closes what the wiring opened, last first, even when building fails halfway. */
final class Closer {

  private static final Logger LOG = LoggerFactory.getLogger(Closer.class);

  private final Deque<AutoCloseable> opened = new ArrayDeque<>();

  <T> T add(T value) {
    if (value instanceof AutoCloseable closeable) {
      opened.push(closeable);
    }
    return value;
  }

  void close() {
    while (!opened.isEmpty()) {
      try {
        opened.pop().close();
      } catch (Exception e) {
        LOG.warn("error while closing: {}", e.toString());
      }
    }
  }
}
