/**
 * The persisted-query manifest: Apollo's {@code apollo-persisted-query-manifest} v1 format, written
 * byte-for-byte deterministically, and read back along with the {@code {id: body}} maps that Relay
 * and graphql-codegen write.
 */
@NullMarked
package dev.tollgate.client.manifest;

import org.jspecify.annotations.NullMarked;
