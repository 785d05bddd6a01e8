package dev.tollgate.client.upload;

import org.jspecify.annotations.Nullable;

/** Replaces the token wherever a registry message might echo it. */
record Redactor(@Nullable String token) {

  String apply(String text) {
    if (token == null || token.isEmpty()) {
      return text;
    }
    return text.replace(token, "****");
  }
}
