// Sends one batch of two operations through Apollo Client 3's and 4's BatchHttpLink to a running
// server whose key has batching on: one operation is admissible, the other costs more than the
// per-operation maximum (issue 23 item 3).
//
//   node batch.mjs <url> <api key>
//   node batch.mjs http://localhost:8080/graphql batch-key
//
// Starts nothing itself. Checks, for each client, that both operations went in ONE HTTP request
// (counted by the fetch the link is given), that the admissible one gets its data, and that the
// other gets an error with extensions.code COST_ESTIMATED_TOO_EXPENSIVE. Prints one line per case
// and "N passed, N failed"; exits 1 on any failure (2 on bad arguments).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as apollo4 from 'apollo4';
import { BatchHttpLink as BatchHttpLink4 } from 'apollo4/link/batch-http';

// Apollo Client 3 ships CommonJS for Node (its ESM build imports directories, which Node refuses).
const require = createRequire(import.meta.url);
const apollo3 = require('apollo3/core');
const { BatchHttpLink: BatchHttpLink3 } = require('apollo3/link/batch-http');

const [url, key] = process.argv.slice(2);
if (!url || !key) {
  console.error('usage: node batch.mjs <url> <api key>');
  process.exit(2);
}

// cargos(first: 1) costs 1 + 1 x (edges 1 + cursor 1) = 3; first: 5000 costs 1 + 5000 x 2 = 10,001,
// over the maximum of 1,000 (README "The cost model")
const ADMISSIBLE = 'query Admissible { cargos(first: 1) { edges { cursor } } }';
const TOO_EXPENSIVE = 'query TooExpensive { cargos(first: 5000) { edges { cursor } } }';

const clients = [
  { name: `Apollo Client ${version('apollo3')}`, core: apollo3, BatchHttpLink: BatchHttpLink3 },
  { name: `Apollo Client ${version('apollo4')}`, core: apollo4, BatchHttpLink: BatchHttpLink4 },
];

// a hung request fails the run instead of holding CI
setTimeout(() => {
  console.log('FAIL the batches were not answered within 60 s');
  process.exit(1);
}, 60_000).unref();

const counts = { passed: 0, failed: 0 };
for (const client of clients) {
  await check(client);
}
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed === 0 ? 0 : 1);

async function check({ name, core, BatchHttpLink }) {
  const sent = [];
  const link = new BatchHttpLink({
    uri: url,
    headers: { 'X-API-Key': key },
    batchMax: 2,
    batchInterval: 20,
    fetch: (input, init) => {
      sent.push(JSON.parse(init.body));
      return fetch(input, init);
    },
  });
  const client = new core.ApolloClient({ link, cache: new core.InMemoryCache() });
  const [admissible, refused] = await Promise.all([
    run(client, core.gql(ADMISSIBLE)),
    run(client, core.gql(TOO_EXPENSIVE)),
  ]);

  report(
    `${name}: both operations in one HTTP request`,
    sent.length === 1 && Array.isArray(sent[0]) && sent[0].length === 2,
    `requests sent: ${JSON.stringify(sent.map((body) => (Array.isArray(body) ? body.length : 'object')))}`,
  );
  const edges = admissible.data?.cargos?.edges;
  report(
    `${name}: the admissible operation gets its data`,
    admissible.codes.length === 0 && Array.isArray(edges) && edges.length === 1,
    JSON.stringify(admissible),
  );
  report(
    `${name}: the refused operation gets COST_ESTIMATED_TOO_EXPENSIVE`,
    refused.codes.includes('COST_ESTIMATED_TOO_EXPENSIVE') && refused.data == null,
    JSON.stringify(refused),
  );
  client.stop();
}

/** The operation's data and the codes of its errors, however the client version reports them. */
async function run(client, query) {
  try {
    const result = await client.query({ query, fetchPolicy: 'no-cache', errorPolicy: 'all' });
    // Apollo Client 3: result.errors; 4: result.error, a CombinedGraphQLErrors
    const errors = result.errors ?? result.error?.errors ?? [];
    const codes = errors.map((error) => error.extensions?.code);
    if (result.error && errors.length === 0) {
      codes.push(`(no GraphQL error: ${result.error.message})`);
    }
    return { data: result.data ?? null, codes };
  } catch (error) {
    const errors = error.graphQLErrors ?? error.errors ?? [];
    const codes = errors.map((e) => e.extensions?.code);
    return { data: null, codes: codes.length > 0 ? codes : [`(thrown: ${error.message})`] };
  }
}

function report(name, ok, detail) {
  if (ok) {
    counts.passed += 1;
    console.log(`ok   ${name}`);
  } else {
    counts.failed += 1;
    console.log(`FAIL ${name}: ${detail}`);
  }
}

/** The installed version of an aliased package, read from its package.json. */
function version(alias) {
  const file = new URL(`./node_modules/${alias}/package.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')).version;
}
