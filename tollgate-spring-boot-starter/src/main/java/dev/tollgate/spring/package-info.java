/**
 * Tollgate in a Spring for GraphQL application: {@link
 * dev.tollgate.spring.TollgateAutoConfiguration} builds a {@code TollgateGraphQL} over the
 * application's own schema from the {@code tollgate.*} properties ({@link
 * dev.tollgate.spring.TollgateProperties}) and a {@code RegistryReader}, installs its {@code
 * PreparsedDocumentProvider} and {@code Instrumentation} into the {@code GraphQL} instance Spring
 * builds, and carries the caller's key and the body's document id from the HTTP request into the
 * execution. The application's schema and data fetchers stay as they are.
 */
@NullMarked
package dev.tollgate.spring;

import org.jspecify.annotations.NullMarked;
