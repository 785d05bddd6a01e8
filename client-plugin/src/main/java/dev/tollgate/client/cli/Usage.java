package dev.tollgate.client.cli;

/** The text printed for {@code --help} and after a wrong command line. */
final class Usage {

  static final String TEXT =
      """
      usage: java -jar tollgate-maven-plugin.jar <command> [options]

      commands:
        manifest   extract named operations from .graphql/.gql files into a manifest
                   --source DIR      folder to scan, repeatable
                                     (default src/main/graphql and src/main/resources/graphql)
                   --schema FILE     validate every operation against this schema (SDL)
                   --out FILE        manifest to write
                                     (default target/tollgate/persisted-query-manifest.json)
                   --allow-empty     write a manifest even when no operation is found
                                     (else that is an error: usually a wrong --source)
        check      dry-run the manifest against the registry, print cost, depth and aliases
                   --max-cost N      fail when an operation costs more than N
        publish    publish the manifest as (app, version)
        schema-check
                   send an SDL file as a schema dry run (POST /v1/schemas?dryRun=true) and
                   print the impact on every active operation; fails on a broken operation
                   --schema FILE     the new schema (SDL), required
                   --max-increase P  also fail when an operation's cost rises by more than P %
                   --fail-on-over-limit true
                                     also fail when an operation costs more than every
                                     limit of the policies that may run it
                   (--registry and --token as below; an admin token)

      check and publish:
        --registry URL   registry base URL (or env TOLLGATE_REGISTRY_URL)
        --token T        bearer token (or env TOLLGATE_TOKEN); never printed
        --app NAME       app the manifest belongs to
        --version V      app version to publish as
        --manifest FILE  manifest to send, byte for byte: this tool's, Apollo's
                         persisted-query manifest, or a Relay/graphql-codegen {id: body} map
                         (default target/tollgate/persisted-query-manifest.json)
        --fail-on-unaffordable
                         fail (exit 1) when the registry reports an operation that no policy
                         allowed to run the app can afford (a warning otherwise)

      exit codes: 0 ok, 1 refused (sources without operations, registry refusal, cost), 2 wrong
      command line (a --source that does not exist, no token), 3 could not run (registry
      unreachable, token refused, I/O)
      """;

  private Usage() {}
}
