/**
 * The demo cargo schema served by Spring for GraphQL over in-memory data, admitted by Tollgate in
 * process through tollgate-spring-boot-starter. The fetchers know nothing of Tollgate.
 */
@NullMarked
package dev.tollgate.example;

import org.jspecify.annotations.NullMarked;
