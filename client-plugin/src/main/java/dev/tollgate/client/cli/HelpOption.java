package dev.tollgate.client.cli;

import picocli.CommandLine.Option;

/**
 * Each command's {@code -h}/{@code --help}. Not picocli's standard help options: they would add
 * {@code --version}, which {@code check} and {@code publish} take as the app version.
 */
final class HelpOption {

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "show this command's usage, options and an example")
  boolean help;
}
