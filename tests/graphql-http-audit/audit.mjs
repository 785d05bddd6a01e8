// Runs graphql-http's GraphQL-over-HTTP server audits against a running server.
//
//   node audit.mjs <url> ['Header-Name: value']
//   node audit.mjs http://localhost:8080/graphql 'X-API-Key: partner-demo'
//
// Starts nothing itself. Prints each audit that is not ok, then the counts; exits 1 on any warning
// or error (and 2 on bad arguments), so a CI step fails on a regression.
import { serverAudits } from 'graphql-http';

const [url, header] = process.argv.slice(2);
if (!url) {
  console.error("usage: node audit.mjs <url> ['Header-Name: value']");
  process.exit(2);
}
const extra = {};
if (header) {
  const colon = header.indexOf(':');
  if (colon <= 0) {
    console.error(`not a header, expected 'Name: value': ${header}`);
    process.exit(2);
  }
  extra[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
}

// Every request of the suite carries the extra header (the caller's key).
function fetchWithHeader(input, init = {}) {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(extra)) {
    headers.set(name, value);
  }
  return fetch(input, { ...init, headers });
}

const counts = { ok: 0, warn: 0, error: 0 };
for (const audit of serverAudits({ url, fetchFn: fetchWithHeader })) {
  const result = await audit.fn();
  counts[result.status] += 1;
  if (result.status !== 'ok') {
    let detail = result.reason;
    if (result.response) {
      const body = await result.response.text().catch(() => '');
      detail += ` [HTTP ${result.response.status}] ${body.slice(0, 300)}`;
    }
    console.log(`${result.status} ${result.id} ${result.name}: ${detail}`);
  }
}
const total = counts.ok + counts.warn + counts.error;
console.log(`graphql-http audit: ${counts.ok} ok, ${counts.warn} warnings, ${counts.error} errors (of ${total})`);
process.exit(counts.warn + counts.error === 0 ? 0 : 1);
