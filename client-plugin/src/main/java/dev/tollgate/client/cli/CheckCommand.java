package dev.tollgate.client.cli;

import dev.tollgate.client.CheckRequest;
import dev.tollgate.client.CheckResult;
import dev.tollgate.client.ClientOperations;
import dev.tollgate.client.upload.ReportTable;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code check}: the manifest as a dry run, a table of each operation's cost, depth and aliases;
 * exit 1 when the registry refuses an operation or one costs more than {@code --max-cost}.
 */
@Command(
    name = "check",
    synopsisHeading = "usage: ",
    descriptionHeading = "%n",
    customSynopsis = {
      Cli.NAME + " check --registry URL --app NAME --version V",
      "    [--manifest FILE] [--max-cost N] [--token T] [--fail-on-unaffordable]"
    },
    sortOptions = false,
    description =
        "Send the manifest to the registry as a dry run (nothing is stored) and print each"
            + " operation's cost, depth and aliases; fail when the registry refuses one or one costs"
            + " more than --max-cost.",
    optionListHeading = "%noptions:%n",
    footerHeading = "%nexample:%n",
    footer = {
      "  TOLLGATE_TOKEN=admin-demo " + Cli.NAME + " check \\",
      "      --registry http://localhost:8080 --app cargo-web --version 4 --max-cost 1000"
    })
final class CheckCommand implements CliCommand {

  private final CliContext context;

  @Mixin RegistryOptions registry = new RegistryOptions();
  @Mixin PublicationOptions publication = new PublicationOptions();

  @Option(
      names = "--max-cost",
      paramLabel = "N",
      description = "fail when an operation costs more than N (default: no limit)")
  @Nullable String maxCost;

  @Mixin HelpOption help = new HelpOption();

  CheckCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public int run() {
    Long limit = maxCost(maxCost);
    CheckResult result =
        new ClientOperations()
            .check(new CheckRequest(publication.request(registry, context, "check"), limit));
    ReportTable.render(result.report()).forEach(context.out()::println);
    List<String> unaffordable = ClientOperations.unaffordable(result.report());
    unaffordable.forEach(w -> context.err().println("tollgate: warning: " + w));
    if (!result.passed()) {
      result.violations().forEach(v -> context.err().println("tollgate: " + v));
      return Cli.REFUSED;
    }
    if (!unaffordable.isEmpty() && publication.failOnUnaffordable) {
      return Cli.REFUSED;
    }
    context
        .out()
        .println(
            "All "
                + result.report().operations().size()
                + " operation(s) pass the registry's check");
    return Cli.OK;
  }

  private static @Nullable Long maxCost(@Nullable String text) {
    if (text == null) {
      return null;
    }
    try {
      long value = Long.parseLong(text);
      if (value >= 0) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException("--max-cost " + text + " is not a whole number >= 0");
  }
}
