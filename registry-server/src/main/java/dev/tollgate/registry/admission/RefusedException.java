package dev.tollgate.registry.admission;

import dev.tollgate.registry.ErrorKind;
import dev.tollgate.registry.TollgateException;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A refusal raised inside admission, with the estimated cost when the request was priced. */
final class RefusedException extends TollgateException {

  private final Map<String, Object> extensions;
  private final @Nullable Long cost;

  RefusedException(String code, ErrorKind kind, String message) {
    this(code, kind, message, Map.of(), null);
  }

  RefusedException(String code, ErrorKind kind, String message, Map<String, Object> extensions, @Nullable Long cost) {
    super(code, kind, message);
    this.extensions = Map.copyOf(extensions);
    this.cost = cost;
  }

  @Override
  public Map<String, Object> extensions() {
    return extensions;
  }

  @Nullable Long cost() {
    return cost;
  }
}
