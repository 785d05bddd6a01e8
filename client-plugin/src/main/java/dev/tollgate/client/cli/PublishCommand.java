package dev.tollgate.client.cli;

import dev.tollgate.client.ClientOperations;
import dev.tollgate.client.PublishRequest;
import dev.tollgate.client.PublishResult;
import dev.tollgate.client.RegistryRequest;
import dev.tollgate.client.upload.RegistryReport;
import java.io.PrintStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code publish}: the manifest as (app, version); with {@code --fail-on-unaffordable} a dry run
 * first, and nothing published when an operation is one no policy can run.
 */
@Command(
    name = "publish",
    synopsisHeading = "usage: ",
    descriptionHeading = "%n",
    customSynopsis = {
      Cli.NAME + " publish --registry URL --app NAME --version V",
      "    [--manifest FILE] [--token T] [--fail-on-unaffordable]"
    },
    sortOptions = false,
    description =
        "Publish the manifest as (app, version). With --fail-on-unaffordable, a dry run first: when"
            + " it reports an operation that no policy can run, nothing is published (exit 1).",
    optionListHeading = "%noptions:%n",
    footerHeading = "%nexample:%n",
    footer = {
      "  TOLLGATE_TOKEN=admin-demo " + Cli.NAME + " publish \\",
      "      --registry http://localhost:8080 --app cargo-web --version 4 --fail-on-unaffordable"
    })
final class PublishCommand implements CliCommand {

  private final CliContext context;

  @Mixin RegistryOptions registry = new RegistryOptions();
  @Mixin PublicationOptions publication = new PublicationOptions();
  @Mixin HelpOption help = new HelpOption();

  PublishCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public int run() {
    RegistryRequest request = publication.request(registry, context, "publish");
    boolean failOnUnaffordable = publication.failOnUnaffordable;
    PublishResult result =
        new ClientOperations().publish(new PublishRequest(request, failOnUnaffordable));
    PrintStream err = context.err();
    if (!result.published()) {
      result.unaffordable().forEach(w -> err.println("tollgate: " + w));
      err.println(
          "tollgate: nothing published: "
              + result.unaffordable().size()
              + " operation(s) no policy can run (--fail-on-unaffordable)");
      return Cli.REFUSED;
    }
    RegistryReport report = result.report();
    context
        .out()
        .println(
            "Published "
                + request.app()
                + " "
                + request.version()
                + ": "
                + report.newCount()
                + " new, "
                + report.existingCount()
                + " existing operation(s)");
    result.unaffordable().forEach(w -> err.println("tollgate: warning: " + w));
    if (!result.unaffordable().isEmpty() && failOnUnaffordable) {
      err.println("tollgate: published, but the registry's prices changed after its dry run");
      return Cli.REFUSED;
    }
    return Cli.OK;
  }
}
