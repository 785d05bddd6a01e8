package dev.tollgate.client;

import dev.tollgate.client.extract.OperationExtractor;
import dev.tollgate.client.manifest.Manifest;
import dev.tollgate.client.manifest.ManifestReader;
import dev.tollgate.client.manifest.ManifestWriter;
import dev.tollgate.client.upload.RegistryClient;
import dev.tollgate.client.upload.RegistryReport;
import dev.tollgate.client.upload.ReportedOperation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The things a client build does: extract a manifest, check it against the registry, publish it,
 * check a schema change. The Maven goals and the command line both call these and nothing else.
 */
public final class ClientOperations {

  /**
   * Extracts the operations below the source folders and writes the manifest file.
   *
   * @throws dev.tollgate.client.extract.ExtractionException with every problem, file and line
   * @throws NoOperationsException when there is none and the request does not allow that
   * @throws java.io.UncheckedIOException when the manifest cannot be written
   */
  public Manifest extract(ExtractRequest request) {
    Manifest manifest =
        OperationExtractor.extract(
            request.sourceDirectories(), request.schema(), request.baseDirectory());
    if (manifest.isEmpty() && !request.allowEmpty()) {
      throw new NoOperationsException(request.sourceDirectories());
    }
    ManifestWriter.write(manifest, request.manifestFile());
    return manifest;
  }

  /**
   * Sends the manifest as a dry run; the result fails when the registry refuses an operation or one
   * costs more than the request's {@code maxCost}.
   *
   * @throws dev.tollgate.client.manifest.ManifestFormatException when the manifest cannot be read
   * @throws dev.tollgate.client.upload.RegistryException when the registry is unreachable or
   *     refuses
   */
  public CheckResult check(CheckRequest request) {
    RegistryRequest target = request.target();
    byte[] manifest = manifestBytes(target.manifestFile());
    RegistryReport report = client(target).check(target.app(), target.version(), manifest);
    return new CheckResult(report, violations(report, request.maxCost()));
  }

  /**
   * Publishes the manifest as {@code (app, version)}. With {@code failOnUnaffordable}, a dry run
   * comes first, and nothing is published when it reports an operation that no policy can run. The
   * check is the dry run's: a price list or policy that changes between the two requests is not
   * seen (the publication's report then lists the operation in {@code unaffordable}).
   *
   * @throws dev.tollgate.client.manifest.ManifestFormatException when the manifest cannot be read
   * @throws dev.tollgate.client.upload.RegistryException when the registry is unreachable or
   *     refuses
   */
  public PublishResult publish(PublishRequest request) {
    RegistryRequest target = request.target();
    byte[] manifest = manifestBytes(target.manifestFile());
    RegistryClient client = client(target);
    if (request.failOnUnaffordable()) {
      RegistryReport dryRun = client.check(target.app(), target.version(), manifest);
      List<String> unaffordable = unaffordable(dryRun);
      if (!unaffordable.isEmpty()) {
        return new PublishResult(dryRun, false, unaffordable);
      }
    }
    RegistryReport report = client.publish(target.app(), target.version(), manifest);
    return new PublishResult(report, true, unaffordable(report));
  }

  /**
   * One warning per operation that the registry says no policy allowed to run the app may run: its
   * cost at default variables is over each such policy's cost limit.
   */
  public static List<String> unaffordable(RegistryReport report) {
    List<String> warnings = new ArrayList<>();
    for (ReportedOperation operation : report.operations()) {
      if (!operation.unaffordable()) {
        continue;
      }
      String limits =
          operation.limits().isEmpty()
              ? "no policy may run app " + report.app()
              : "cost limits of the policies that may run app "
                  + report.app()
                  + ": "
                  + operation.limits().entrySet().stream()
                      .map(e -> e.getKey() + " " + e.getValue())
                      .collect(java.util.stream.Collectors.joining(", "));
      warnings.add(
          operation.name()
              + " costs "
              + operation.cost()
              + " at its default variables: no policy can run it ("
              + limits
              + ")");
    }
    return warnings;
  }

  /**
   * The manifest file's bytes, sent as they are (a manifest is never re-encoded: that could make it
   * larger than the registry accepts); read first to refuse a file that is no manifest.
   */
  private static byte[] manifestBytes(Path file) {
    ManifestReader.read(file);
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read manifest " + file, e);
    }
  }

  /**
   * Sends the SDL file as a schema dry run; the result fails on a broken operation, on one dearer
   * than {@code maxIncreasePercent}, and (when asked) on one over every limit.
   *
   * @throws java.io.UncheckedIOException when the schema file cannot be read
   * @throws dev.tollgate.client.upload.RegistryException when the registry is unreachable or
   *     refuses (an invalid schema: 422)
   */
  public SchemaCheckResult schemaCheck(SchemaCheckRequest request) {
    return SchemaCheck.run(request);
  }

  private static RegistryClient client(RegistryRequest request) {
    return new RegistryClient(request.registryUrl(), request.token());
  }

  private static List<String> violations(RegistryReport report, @Nullable Long maxCost) {
    List<String> violations = new ArrayList<>();
    for (ReportedOperation operation : report.operations()) {
      if (operation.refused()) {
        violations.add(operation.name() + ": refused by the registry (" + reasons(operation) + ")");
      }
      Long cost = operation.cost();
      if (maxCost != null && cost != null && cost > maxCost) {
        violations.add(operation.name() + ": costs " + cost + ", more than maxCost " + maxCost);
      }
    }
    return violations;
  }

  private static String reasons(ReportedOperation operation) {
    if (operation.errors().isEmpty()) {
      return "status " + operation.status();
    }
    return String.join("; ", operation.errors());
  }
}
