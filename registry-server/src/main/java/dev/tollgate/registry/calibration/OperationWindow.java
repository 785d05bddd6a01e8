package dev.tollgate.registry.calibration;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The windows of {@code GET /v1/operations}: the last hour, day, 7 days or 30 days. Traffic is kept
 * by the hour, so a window starts at the top of the hour it reaches back into (the last hour holds
 * the current hour and the one before it).
 */
public enum OperationWindow {
  HOUR("1h", Duration.ofHours(1)),
  DAY("1d", Duration.ofDays(1)),
  WEEK("7d", Duration.ofDays(7)),
  MONTH("30d", Duration.ofDays(30));

  private final String text;
  private final Duration duration;

  OperationWindow(String text, Duration duration) {
    this.text = text;
    this.duration = duration;
  }

  /** As written in {@code ?window=}. */
  public String text() {
    return text;
  }

  Duration duration() {
    return duration;
  }

  /** The window written {@code text} ({@code 1h}, {@code 1d}, {@code 7d}, {@code 30d}). */
  public static Optional<OperationWindow> parse(String text) {
    String wanted = text.toLowerCase(Locale.ROOT);
    for (OperationWindow window : values()) {
      if (window.text.equals(wanted)) {
        return Optional.of(window);
      }
    }
    return Optional.empty();
  }
}
