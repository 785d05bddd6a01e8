// Runs an unmodified Apollo Client 4 against a Tollgate /graphql: persisted query list ids
// (@apollo/persisted-query-lists) and automatic persisted queries (PersistedQueryLink with
// node:crypto's sha256), by POST and by GET, the refusal of an unknown operation, and text under
// the open key (issue 25 item 3).
//
//   node apollo.mjs <graphql url> <registry url> <admin token> <demo manifest>
//   node apollo.mjs http://127.0.0.1:8081/graphql http://127.0.0.1:8080 admin-demo ../../manifests/cargo-web.json
//
// Starts nothing itself. The keys are the embedded demo's: web-demo (trusted for app cargo-web,
// ids only) and partner-demo (open). Apollo Client 4 adds __typename to every selection set before
// it hashes a document, so the demo manifest's texts (written without __typename) are not what it
// hashes. The script first publishes, as a new version of cargo-web, the demo's operations as the
// client prints them, with custom ids ("cargo-web/<name>"): what @apollo/generate-persisted-query-
// manifest writes with a createOperationId option; then waits (at most 5 s) until the server
// admits them, and says how long that took. Each step prints "ok - ..." or "not ok - ..."; exits 1
// on any failure (2 on bad arguments).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { print } from '@apollo/client/utilities';
import { generatePersistedQueryIdsFromManifest } from '@apollo/persisted-query-lists';

const [url, registry, adminToken, manifestFile] = process.argv.slice(2);
if (!url || !registry || !adminToken || !manifestFile) {
  console.error('usage: node apollo.mjs <graphql url> <registry url> <admin token> <demo manifest>');
  process.exit(2);
}
const TRUSTED_KEY = 'web-demo';
const OPEN_KEY = 'partner-demo';
const VERSION = 'apollo-client-4';

// a hung request fails the run instead of holding CI
setTimeout(() => {
  console.log('not ok - the steps did not finish within 60 s');
  process.exit(1);
}, 60_000).unref();

const demoManifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const demoText = (name) => demoManifest.operations.find((op) => op.name === name).body;
const sha256 = (text) => createHash('sha256').update(text).digest('hex');

// The client's own manifest: each demo operation as Apollo Client 4 prints it (its cache's
// transform adds __typename), under a custom id, as @apollo/generate-persisted-query-manifest
// writes it with createOperationId.
const cache = new InMemoryCache();
const clientManifest = {
  format: 'apollo-persisted-query-manifest',
  version: 1,
  operations: demoManifest.operations.map((op) => ({
    id: `cargo-web/${op.name}`,
    name: op.name,
    type: op.type,
    body: print(cache.transformDocument(gql(op.body))),
  })),
};
const clientText = (name) => clientManifest.operations.find((op) => op.name === name).body;

const counts = { passed: 0, failed: 0 };

// Prices, by the book preset (README "The cost model"; __typename, introspection, is free):
// LocationLookup with 2 ids: nodes 1 + 2 ids x (id 1 + code 1 + name 1) = 7.
// CargoDashboard: cargos 1 + first 10 x (edges [1 + node (1 + id 1 + trackingId 1 + destination
//   (1 + code 1) 2 + delivery (1 + transportStatus, routingStatus, misdirected, eta 4 +
//   lastKnownLocation (1 + code 1) 2) 7) 12 = 13] + pageInfo (1 + hasNextPage 1 + endCursor 1) 3)
//   = 1 + 10 x 16 = 161.
// HandlingEvents with n 2: cargo 1 + trackingId 1 + handlingHistory (1 + n 2 x (edges [1 +
//   cursor 1 + node (1 + id, type, completionTime, voyageNumber 4 + location (1 + code 1 + name 1)
//   3) 8 = 10] + pageInfo 3)) 27 = 29.
const LOCATIONS = { ids: ['loc_HKHKG', 'loc_FIHEL'] };

await publish();

// 1. APQ, by POST: the hash of the text the client prints, no text sent.
{
  const run = await query(apqLink(TRUSTED_KEY), 'LocationLookup', LOCATIONS);
  const codes = run.data?.nodes?.map((node) => node?.code);
  report(
    'APQ (PersistedQueryLink, sha256): a registered operation runs by its hash alone, with web-demo',
    run.sent.length === 1 &&
      run.sent[0].method === 'POST' &&
      run.sent[0].body.query === undefined &&
      run.sent[0].body.extensions?.persistedQuery?.sha256Hash ===
        sha256(clientText('LocationLookup')) &&
      run.statuses[0] === 200 &&
      JSON.stringify(codes) === '["HKHKG","FIHEL"]' &&
      run.extensions?.cost?.estimated === 7 &&
      run.extensions?.rateLimit?.cost === 7,
    run,
  );
}

// 2. Persisted query list ids: the demo manifest's own ids (SHA-256 of its texts), then the
// client manifest's custom ids, looked up by operation name; the server runs what it registered.
for (const [label, manifest, id] of [
  ['the demo manifest', demoManifest, sha256(demoText('CargoDashboard'))],
  ['the client manifest (custom ids)', clientManifest, 'cargo-web/CargoDashboard'],
]) {
  const link = new PersistedQueryLink(
    generatePersistedQueryIdsFromManifest({ loadManifest: () => manifest }),
  );
  const run = await query(link, 'CargoDashboard', {});
  const edges = run.data?.cargos?.edges;
  report(
    `persisted query list ids (${label}): CargoDashboard runs by its list id, with web-demo`,
    run.sent.length === 1 &&
      run.sent[0].body.query === undefined &&
      run.sent[0].body.extensions?.persistedQuery?.sha256Hash === id &&
      Array.isArray(edges) &&
      edges.length > 0 &&
      typeof edges[0].node?.trackingId === 'string' &&
      run.extensions?.cost?.estimated === 161,
    run,
  );
}

// 3. APQ by GET (useGETForHashedQueries): the hash and the variables in the query string.
{
  const variables = { trackingId: 'ABC123', n: 2 };
  const run = await query(apqLink(TRUSTED_KEY, { useGETForHashedQueries: true }), 'HandlingEvents', variables);
  report(
    'APQ by GET (useGETForHashedQueries): HandlingEvents runs, priced with its variables, with web-demo',
    run.sent.length === 1 &&
      run.sent[0].method === 'GET' &&
      !new URL(run.sent[0].url).searchParams.has('query') &&
      run.data?.cargo?.trackingId === 'ABC123' &&
      Array.isArray(run.data?.cargo?.handlingHistory?.edges) &&
      run.extensions?.cost?.estimated === 29,
    run,
  );
}

// 4. An operation that is in no list, through the same link with the trusted key: a trusted key's
// unknown id is PERSISTED_QUERY_NOT_IN_LIST (not the APQ miss), so the link does not resend it with
// its text; the client gets the refusal and no data, and the text never leaves it. Apollo Client 4
// accepts application/graphql-response+json first, so the refusal keeps its status (404; the
// text's refusal below 400), and the client reads the body whatever the status.
const UNLISTED = 'query Unlisted { cargos(first: 1) { edges { cursor } } }';
{
  const run = await query(apqLink(TRUSTED_KEY), UNLISTED, {});
  report(
    'APQ, unknown hash with web-demo: PERSISTED_QUERY_NOT_IN_LIST, no data, no retry with the text',
    run.sent.length === 1 &&
      run.sent[0].body.query === undefined &&
      run.statuses[0] === 404 &&
      run.codes.length === 1 &&
      run.codes[0] === 'PERSISTED_QUERY_NOT_IN_LIST' &&
      run.data == null,
    run,
  );
}
// ... and the same text sent as text (a plain HttpLink) is refused too: web-demo sends ids only.
{
  const run = await query(null, UNLISTED, {}, TRUSTED_KEY);
  report(
    'its text with web-demo (HttpLink): PERSISTED_QUERY_ID_REQUIRED, no data',
    run.sent.length === 1 &&
      run.sent[0].body.query?.startsWith('query Unlisted') &&
      run.statuses[0] === 400 &&
      run.codes.length === 1 &&
      run.codes[0] === 'PERSISTED_QUERY_ID_REQUIRED' &&
      run.data == null,
    run,
  );
}

// 5. Text under the open key: as text by POST and by GET, then the APQ round (the hash alone is unknown:
// PersistedQueryNotFound; the link resends it with the text and it runs; then the hash alone runs).
// Unlisted costs cargos 1 + first 1 x (edges 1 + cursor 1) = 3 (__typename is free).
{
  const run = await query(null, UNLISTED, {}, OPEN_KEY);
  report(
    'text with partner-demo (HttpLink): runs, analysed in full',
    run.sent.length === 1 &&
      run.data?.cargos?.edges?.length === 1 &&
      typeof run.data.cargos.edges[0].cursor === 'string' &&
      run.extensions?.cost?.estimated === 3,
    run,
  );
}
{
  const run = await query(null, UNLISTED, {}, OPEN_KEY, { useGETForQueries: true });
  report(
    'text by GET with partner-demo (HttpLink useGETForQueries): runs',
    run.sent.length === 1 &&
      run.sent[0].method === 'GET' &&
      run.sent[0].body.query?.startsWith('query Unlisted') &&
      run.data?.cargos?.edges?.length === 1 &&
      run.extensions?.cost?.estimated === 3,
    run,
  );
}
{
  // a name of this run's own, so that the hash is unknown to a server an earlier run has used
  const name = `UnlistedPorts_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const text = `query ${name}($ids: [ID!]!) { nodes(ids: $ids) { id } }`;
  const link = apqLink(OPEN_KEY);
  const first = await query(link, text, LOCATIONS);
  // nodes 1 + 2 ids x (id 1) = 3
  report(
    'APQ with partner-demo: an unknown hash gets PersistedQueryNotFound, the link resends the text, it runs',
    first.sent.length === 2 &&
      first.sent[0].body.query === undefined &&
      first.answers[0]?.errors?.[0]?.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND' &&
      first.answers[0]?.errors?.[0]?.message === 'PersistedQueryNotFound' &&
      first.statuses[0] === 200 &&
      typeof first.sent[1].body.query === 'string' &&
      first.data?.nodes?.length === 2 &&
      first.extensions?.cost?.estimated === 3 &&
      first.codes.length === 0,
    first,
  );
  const again = await query(link, text, LOCATIONS);
  report(
    'APQ with partner-demo: then its hash alone runs',
    again.sent.length === 1 && again.sent[0].body.query === undefined && again.data?.nodes?.length === 2,
    again,
  );
}

console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed === 0 ? 0 : 1);

/** PersistedQueryLink hashing the printed document with node:crypto, as Apollo's docs show. */
function apqLink(key, options = {}) {
  const link = new PersistedQueryLink({ sha256, ...options });
  link.key = key;
  return link;
}

/**
 * Runs one operation through a new client: the persisted-query link (or none) over HttpLink with
 * the key in X-API-Key. Returns what the client gave back (data, error codes) and what went over
 * the wire (each request's method, URL and body; each answer's status and JSON body).
 */
async function query(link, operation, variables, key = link?.key ?? TRUSTED_KEY, httpOptions = {}) {
  const sent = [];
  const statuses = [];
  const answers = [];
  const http = new HttpLink({
    uri: url,
    headers: { 'X-API-Key': key },
    ...httpOptions,
    fetch: async (input, init) => {
      const get = init.method === 'GET';
      const requestUrl = String(input);
      const body = get ? fromQueryString(requestUrl) : JSON.parse(init.body);
      sent.push({ method: init.method, url: requestUrl, body });
      const response = await fetch(input, init);
      statuses.push(response.status);
      answers.push(await response.clone().json().catch(() => null));
      return response;
    },
  });
  const client = new ApolloClient({ link: link ? link.concat(http) : http, cache: new InMemoryCache() });
  const document = gql(operation.includes('{') ? operation : clientText(operation));
  let data = null;
  let codes = [];
  try {
    const result = await client.query({ query: document, variables, fetchPolicy: 'no-cache', errorPolicy: 'all' });
    data = result.data ?? null;
    const errors = result.error?.errors ?? [];
    codes = errors.map((error) => error.extensions?.code);
    if (result.error && errors.length === 0) {
      codes.push(`(not a GraphQL error: ${result.error.message})`);
    }
  } catch (error) {
    codes = [`(thrown: ${error.message})`];
  } finally {
    client.stop();
  }
  const last = answers[answers.length - 1];
  return { data, codes, extensions: last?.extensions, sent, statuses, answers };
}

/** A GET's query parameters as the body a POST would carry. */
function fromQueryString(requestUrl) {
  const body = {};
  for (const [name, value] of new URL(requestUrl).searchParams) {
    body[name] = name === 'variables' || name === 'extensions' ? JSON.parse(value) : value;
  }
  return body;
}

/**
 * Publishes the client manifest as a new version of cargo-web and waits until /graphql runs it by
 * one of its custom ids. A first probe before the publication warms the path (a cold server's
 * first answer takes a second or more) and tells whether this server already admitted it.
 */
async function publish() {
  const before = await probe();
  const response = await fetch(`${registry}/v1/apps/cargo-web/versions/${VERSION}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(clientManifest),
  });
  const text = await response.text();
  // 201 stored; 200 when this run's registry already has it (the same manifest again)
  if (response.status !== 201 && response.status !== 200) {
    report(`publish the client manifest as cargo-web ${VERSION}`, false, `${response.status} ${text}`);
    process.exit(1);
  }
  const published = Date.now();
  const deadline = published + 5_000;
  const was = before.data?.nodes ? 'already admitted' : before.errors?.[0]?.extensions?.code;
  for (;;) {
    const answer = await probe();
    if (answer.data?.nodes) {
      const ms = Date.now() - published;
      report(
        `the client manifest, published as cargo-web ${VERSION} (${response.status}), is admitted ${ms} ms later (before: ${was})`,
        true,
      );
      return;
    }
    if (Date.now() > deadline) {
      report(`the client manifest, published as cargo-web ${VERSION}, is admitted within 5 s`, false, answer);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** LocationLookup by its custom id in the client manifest, with the trusted key. */
function probe() {
  return fetch(url, {
    method: 'POST',
    headers: { 'X-API-Key': TRUSTED_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ documentId: 'cargo-web/LocationLookup', variables: LOCATIONS }),
  }).then((r) => r.json());
}

function report(name, ok, detail) {
  if (ok) {
    counts.passed += 1;
    console.log(`ok - ${name}`);
  } else {
    counts.failed += 1;
    console.log(`not ok - ${name}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
  }
}
