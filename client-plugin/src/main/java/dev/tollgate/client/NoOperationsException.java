package dev.tollgate.client;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The source folders hold no named operation, and an empty manifest was not asked for: usually a
 * wrong source folder, which would otherwise publish nothing and pass.
 */
public final class NoOperationsException extends TollgateClientException {

  NoOperationsException(List<Path> sources) {
    super(
        "no named operations found in "
            + sources.stream().map(Path::toString).collect(Collectors.joining(", "))
            + "; nothing written (an empty manifest needs --allow-empty)");
  }

  @Override
  public String code() {
    return "NO_OPERATIONS";
  }
}
