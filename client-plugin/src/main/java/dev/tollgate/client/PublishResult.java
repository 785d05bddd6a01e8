package dev.tollgate.client;

import dev.tollgate.client.upload.RegistryReport;
import java.util.List;

/**
 * What a publication did.
 *
 * @param report the publication's report, or, when nothing was published, the dry run's
 * @param published whether the manifest was published
 * @param unaffordable one line per operation that no policy allowed to run the app can run, saying
 *     what it costs and each such policy's limit ({@link ClientOperations#unaffordable})
 */
public record PublishResult(RegistryReport report, boolean published, List<String> unaffordable) {

  public PublishResult {
    unaffordable = List.copyOf(unaffordable);
  }
}
