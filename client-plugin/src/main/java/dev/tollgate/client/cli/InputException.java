package dev.tollgate.client.cli;

/**
 * A command line that parses but names what is not there (a folder, a token): one line, exit code
 * 2.
 */
final class InputException extends RuntimeException {
  InputException(String message) {
    super(message);
  }
}
