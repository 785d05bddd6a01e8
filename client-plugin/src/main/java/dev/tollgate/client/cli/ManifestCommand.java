package dev.tollgate.client.cli;

import dev.tollgate.client.ClientOperations;
import dev.tollgate.client.ExtractRequest;
import dev.tollgate.client.manifest.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code manifest}: extracts the sources' named operations into a manifest file. */
@Command(
    name = "manifest",
    synopsisHeading = "usage: ",
    descriptionHeading = "%n",
    customSynopsis = {
      Cli.NAME + " manifest",
      "    [--source DIR]... [--schema FILE] [--out FILE] [--allow-empty]"
    },
    sortOptions = false,
    description =
        "Extract the named operations of .graphql and .gql files into a persisted-query manifest.",
    optionListHeading = "%noptions:%n",
    footerHeading = "%nexample:%n",
    footer = {
      "  " + Cli.NAME + " manifest --source src/main/graphql \\",
      "      --schema schema.graphqls --out manifest.json"
    })
final class ManifestCommand implements CliCommand {

  private final CliContext context;

  @Option(
      names = "--source",
      paramLabel = "DIR",
      description =
          "a folder to scan, repeatable (default: src/main/graphql and"
              + " src/main/resources/graphql)")
  List<String> sources = new ArrayList<>();

  @Option(
      names = "--schema",
      paramLabel = "FILE",
      description = "validate every operation against this schema (SDL) (default: no validation)")
  @Nullable String schema;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "the manifest to write (default: ${DEFAULT-VALUE})")
  String out = Cli.DEFAULT_MANIFEST;

  @Option(
      names = "--allow-empty",
      description =
          "write a manifest even when no operation is found (default: that is an error, usually a"
              + " wrong --source)")
  boolean allowEmpty;

  @Mixin HelpOption help = new HelpOption();

  ManifestCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public int run() {
    Path outFile = context.resolve(out);
    Manifest manifest =
        new ClientOperations()
            .extract(
                new ExtractRequest(
                    sourceFolders(),
                    schema == null ? null : context.resolve(schema),
                    context.workingDirectory(),
                    outFile,
                    allowEmpty));
    context.out().println("Wrote " + manifest.size() + " operation(s) to " + outFile);
    return Cli.OK;
  }

  private List<Path> sourceFolders() {
    if (sources.isEmpty()) {
      return ExtractRequest.defaultSourceDirectories(context.workingDirectory());
    }
    List<Path> folders = sources.stream().map(context::resolve).toList();
    for (Path folder : folders) {
      if (!Files.isDirectory(folder)) {
        throw new InputException("--source " + folder + ": no such folder");
      }
    }
    return folders;
  }
}
