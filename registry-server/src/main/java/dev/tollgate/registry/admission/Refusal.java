package dev.tollgate.registry.admission;

import dev.tollgate.registry.ErrorKind;
import dev.tollgate.registry.TollgateException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Why a request does not run: a stable code, a status class and a message, with extensions. */
public record Refusal(String code, ErrorKind kind, String message, Map<String, Object> extensions) {

  public Refusal {
    extensions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(extensions));
  }

  public static Refusal of(TollgateException e) {
    return new Refusal(e.code(), e.kind(), String.valueOf(e.getMessage()), e.extensions());
  }
}
