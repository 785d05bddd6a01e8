/**
 * The command line, {@code java -jar tollgate-maven-plugin-<version>.jar
 * manifest|check|publish|schema-check}, for builds that are not Maven, parsed by picocli (one
 * annotated class per command, each with its own {@code --help}). Same library entry points as the
 * Mojos; failures end with a non-zero exit code.
 */
@NullMarked
package dev.tollgate.client.cli;

import org.jspecify.annotations.NullMarked;
