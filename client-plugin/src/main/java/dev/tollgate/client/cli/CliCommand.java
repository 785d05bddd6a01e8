package dev.tollgate.client.cli;

/** A command of the command line, its options set by picocli: runs and answers its exit code. */
interface CliCommand {

  /**
   * @throws UsageException for a wrong command line (the command's usage follows, exit code 2)
   * @throws InputException for a command line naming what is not there (exit code 2)
   */
  int run();
}
