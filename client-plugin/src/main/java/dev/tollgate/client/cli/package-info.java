/**
 * The command line, {@code java -jar tollgate-maven-plugin-<version>.jar manifest|check|publish},
 * for builds that are not Maven. Same library entry points as the Mojos; failures end with a
 * non-zero exit code.
 */
@NullMarked
package dev.tollgate.client.cli;

import org.jspecify.annotations.NullMarked;
