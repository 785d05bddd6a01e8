/** Command-line tools run from the server jar: {@code price} prices one document. */
@NullMarked
package dev.tollgate.registry.cli;

import org.jspecify.annotations.NullMarked;
