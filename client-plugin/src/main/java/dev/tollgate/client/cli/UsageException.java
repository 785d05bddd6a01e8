package dev.tollgate.client.cli;

/** A wrong command line: the command's usage follows the message, exit code 2. */
final class UsageException extends RuntimeException {
  UsageException(String message) {
    super(message);
  }
}
