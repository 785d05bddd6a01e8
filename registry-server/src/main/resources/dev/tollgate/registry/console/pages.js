// The console's pages. Each page renders from /v1 routes into a fresh node; data the server does
// not have yet (a 404 or an empty answer) is shown as a "no data yet" notice, never as an error.
import * as api from './api.js';
import { el, table, number, time, empty, confirmDialog } from './dom.js';
import { trafficPage, refusalsPage } from './live.js';
import { schemasPage } from './schemas.js';
import { auditPage } from './audit.js';
import { servedBySection, spendPage, unusedPage } from './answers.js';

const enc = api.enc;

function badge(status) {
  return el('span', { class: `badge badge-${status}` }, status);
}

function link(href, text, attrs = {}) {
  return el('a', { href, ...attrs }, text);
}

function retireButton(version, context) {
  if (context.session.scope !== 'admin' || version.status !== 'active') return null;
  const label = `Retire ${version.app} version ${version.version}`;
  return el('button', { type: 'button', class: 'danger', 'aria-label': label, 'data-retire': `${version.app}/${version.version}`,
    onclick: async () => {
      const ok = await confirmDialog(`Retire ${version.app} ${version.version}?`,
        'Its documents stop being admitted at every gateway within about a second, unless another active ' +
        'version of the app holds them. Retiring cannot be undone.', 'Retire');
      if (!ok) return;
      try {
        await api.del(`/v1/apps/${enc(version.app)}/versions/${enc(version.version)}`);
        context.announce(`Retired ${version.app} version ${version.version}`);
        await context.refresh();
      } catch (e) {
        if (e.code === 'VERSION_IN_USE') {
          await retireInUse(version, e, context);
          return;
        }
        const error = el('p', { class: 'error', role: 'alert' }, `Could not retire ${version.app} ${version.version}: ${e.message}`);
        document.getElementById('main').prepend(error);
      }
    } }, 'Retire');
}

/** A version still in use (409 VERSION_IN_USE): say so with the server's figures, and retire only if confirmed again. */
async function retireInUse(version, error, context) {
  const ok = await confirmDialog(`${version.app} ${version.version} is still in use`,
    `${error.message.replace(/; retire it with \?force=true$/, '.')} Clients still sending its documents will be refused ` +
    'unless another active version holds them.', 'Retire anyway');
  if (!ok) return;
  try {
    await api.del(`/v1/apps/${enc(version.app)}/versions/${enc(version.version)}?force=true`);
    context.announce(`Retired ${version.app} version ${version.version}, which was still in use`);
    await context.refresh();
  } catch (e) {
    document.getElementById('main').prepend(
      el('p', { class: 'error', role: 'alert' }, `Could not retire ${version.app} ${version.version}: ${e.message}`));
  }
}

/** Requests and last use of a version's operations, when the server counts them (issue 14). */
function usage(contents) {
  let requests = null;
  let lastSeen = null;
  for (const doc of contents.documents || []) {
    for (const op of doc.operations) {
      if (typeof op.requests === 'number') requests = (requests || 0) + op.requests;
      if (op.lastSeen && (!lastSeen || op.lastSeen > lastSeen)) lastSeen = op.lastSeen;
    }
  }
  return { requests, lastSeen };
}

/* ---- apps and versions ---- */

async function appsPage(parts, params, context) {
  const { apps } = await api.get('/v1/apps');
  const page = el('div', {}, el('h1', {}, 'Apps and versions'));
  if (context.session.scope !== 'admin') {
    page.append(el('p', { class: 'note' }, 'Read-only: your token has publish scope, so retiring is not offered.'));
  }
  if (apps.length === 0) {
    page.append(empty('No apps yet', 'Publish a manifest with POST /v1/apps/{app}/versions/{version}.'));
    return page;
  }
  for (const app of apps) {
    page.append(await appVersionsSection(app.name, params, context));
  }
  return page;
}

const VERSIONS_PER_PAGE = 50;

/** One app's versions, newest first, a page at a time (GET /v1/apps/{app}/versions), with usage per version. */
async function appVersionsSection(app, params, context) {
  const offset = params.get('app') === app ? Math.max(0, Number.parseInt(params.get('offset'), 10) || 0) : 0;
  const versions = await api.get(`/v1/apps/${enc(app)}/versions?limit=${VERSIONS_PER_PAGE}&offset=${offset}`);
  const rows = versions.versions.map((v) => {
    const version = { ...v, app };
    return [link(`#/apps/${enc(app)}/versions/${enc(v.version)}`, v.version),
      badge(v.status), number(v.operations), number(v.requests), time(v.lastSeen), time(v.created), v.publishedBy,
      retireButton(version, context) || (v.status === 'retired' ? `retired by ${v.retiredBy || '—'}` : '')];
  });
  return el('section', { 'aria-labelledby': `app-${app}` },
    el('h2', { id: `app-${app}` }, app),
    table(`Versions of ${app}, newest first`, ['Version', 'Status', 'Operations', 'Requests', 'Last seen', 'Published', 'By', 'Action'],
      rows, { class: 'data', 'data-app': app }),
    versionPager(app, versions));
}

/** "Versions 1–50 of 120" with links to the newer and older pages: never a silent cut. */
function versionPager(app, versions) {
  const shown = versions.versions.length;
  const from = shown === 0 ? 0 : versions.offset + 1;
  const to = versions.offset + shown;
  const newer = versions.offset > 0
    ? link(`#/apps?app=${enc(app)}&offset=${Math.max(0, versions.offset - versions.limit)}`, 'Newer versions') : null;
  const older = to < versions.total ? link(`#/apps?app=${enc(app)}&offset=${to}`, 'Older versions') : null;
  return el('p', { class: 'pager', 'data-pager': app },
    `Versions ${number(from)}–${number(to)} of ${number(versions.total)}. `, newer, newer && older ? ' · ' : '', older);
}

async function versionPage(parts, params, context) {
  const [, app, , version] = parts;
  const contents = await api.get(`/v1/apps/${enc(app)}/versions/${enc(version)}`);
  const u = usage(contents);
  const page = el('div', {},
    el('p', { class: 'crumbs' }, link('#/apps', 'Apps'), ' / ', app),
    el('h1', {}, `${app} version ${version}`),
    el('dl', { class: 'facts' },
      el('dt', {}, 'Status'), el('dd', {}, badge(contents.status)),
      el('dt', {}, 'Published'), el('dd', {}, `${time(contents.created)} by ${contents.publishedBy}`),
      contents.retired ? [el('dt', {}, 'Retired'), el('dd', {}, `${time(contents.retired)} by ${contents.retiredBy}`)] : null,
      el('dt', {}, 'Requests'), el('dd', {}, u.requests === null ? 'not counted by this server' : number(u.requests)),
      el('dt', {}, 'Last seen'), el('dd', {}, time(u.lastSeen))));
  const retire = retireButton(contents, context);
  if (retire) page.append(el('p', {}, retire));
  const rows = [];
  for (const doc of contents.documents) {
    for (const op of doc.operations) {
      rows.push([link(`#/documents/${doc.id}?app=${enc(app)}&version=${enc(version)}`, op.name || '(anonymous)'),
        op.type, number(op.cost), number(op.depth), number(op.aliases), number(op.requests), time(op.lastSeen),
        el('code', { class: 'id' }, doc.id.slice(0, 12) + '…')]);
    }
  }
  page.append(table(`Operations of ${app} ${version}`,
    ['Operation', 'Type', 'Cost at default variables', 'Depth', 'Aliases', 'Requests', 'Last seen', 'Document'],
    rows, { class: 'data' }));
  return page;
}

/* ---- a document ---- */

async function documentPage(parts, params) {
  const id = parts[1];
  const doc = await api.get(`/v1/documents/${enc(id)}`);
  const app = params.get('app');
  const version = params.get('version');
  const usageByName = new Map();
  if (app && version) {
    const contents = await api.optional(`/v1/apps/${enc(app)}/versions/${enc(version)}`);
    const entry = contents && contents.documents.find((d) => d.id === doc.id);
    for (const op of entry ? entry.operations : []) usageByName.set(op.name, op);
  }
  const names = doc.operations.map((o) => o.name || '(anonymous)').join(', ');
  const page = el('div', {},
    el('p', { class: 'crumbs' }, link('#/apps', 'Apps'),
      app && version ? [' / ', link(`#/apps/${enc(app)}/versions/${enc(version)}`, `${app} ${version}`)] : null),
    el('h1', {}, `Document ${names}`),
    el('p', {}, 'Id ', el('code', { class: 'id' }, doc.id), `, registered ${time(doc.created)}.`));
  for (const op of doc.operations) {
    const used = usageByName.get(op.name);
    page.append(el('section', { class: 'card', 'aria-labelledby': `op-${op.name}` },
      el('h2', { id: `op-${op.name}` }, `${op.name || '(anonymous)'} `, el('span', { class: 'kind' }, op.type)),
      el('dl', { class: 'facts' },
        el('dt', {}, 'Price'), el('dd', {}, el('code', { class: 'price', 'data-price': op.name || '' }, op.priceText || op.price)),
        el('dt', {}, 'Cost at default variables'), el('dd', {}, number(op.cost)),
        el('dt', {}, 'Depth'), el('dd', {}, number(op.depth)),
        el('dt', {}, 'Aliases'), el('dd', {}, number(op.aliases)),
        el('dt', {}, 'Tokens'), el('dd', {}, number(op.tokens)),
        el('dt', {}, 'Usage'), el('dd', {}, used && typeof used.requests === 'number'
          ? `${number(used.requests)} requests, last ${time(used.lastSeen)}`
          : app ? 'not counted by this server yet' : 'open this document from a version to see its usage'))));
  }
  page.append(el('p', { class: 'help', id: 'price-help' },
    'A price reads as arithmetic over the operation\u2019s variables. $first ?? 10 is the value of $first as the request ',
    'sends it; when the request leaves $first out, its declared default ($first: Int = 5) applies first; 10 (the ',
    'field\u2019s assumedSize, else the default list size) applies only when $first is neither given nor declared with ',
    'a default, or is sent as null. ($x ? e : 0) counts e only when $x is true; min(n, e) is e capped at n.'));
  page.append(el('section', { 'aria-labelledby': 'body-title' },
    el('h2', { id: 'body-title' }, 'Body'),
    el('pre', { class: 'body', tabindex: 0, 'aria-label': 'Document body' }, el('code', {}, doc.body))));
  page.append(servedBySection(doc));
  return page;
}

/* ---- policies ---- */

function remainingCell(policy) {
  if (policy.remaining === null || policy.remaining === undefined) return 'unknown (budget store unreachable)';
  return el('span', { class: 'remaining' },
    el('meter', { min: 0, max: policy.budget.capacity, value: policy.remaining,
      'aria-label': `${policy.name} remaining` }),
    ` ${number(policy.remaining)} of ${number(policy.budget.capacity)}`,
    policy.resetIn ? ` (full in ${policy.resetIn} s)` : '');
}

async function policiesPage(parts, params, context) {
  const { policies } = await api.get('/v1/policies');
  const body = () => policies.map((p) => [p.name, p.mode, p.enforcement, p.apps.join(', ') || '—',
    `${number(p.limits.tokens)} / ${number(p.limits.depth)} / ${number(p.limits.aliases)} / ${number(p.limits.cost)}`,
    number(p.budget.capacity), `${number(p.budget.refillPerSecond)}/s`, remainingCell(p),
    link(`#/traffic/${enc(p.name)}`, 'Cost chart', { 'aria-label': `Cost chart of ${p.name}` })]);
  const holder = el('div', {}, table('Policies (by name; keys are never shown)',
    ['Policy', 'Mode', 'Enforcement', 'Apps', 'Limits: tokens / depth / aliases / cost', 'Budget capacity', 'Refill',
      'Remaining now', 'Traffic'], body(), { class: 'data', id: 'policies' }));
  context.every(5000, async () => {
    const fresh = await api.get('/v1/policies');
    const cells = holder.querySelectorAll('tbody tr');
    fresh.policies.forEach((p, i) => {
      if (cells[i]) cells[i].children[7].replaceChildren(remainingCell(p));
    });
  });
  return el('div', {}, el('h1', {}, 'Policies'),
    el('p', {}, 'What each caller may do, and its budget bucket now (read from the budget store, refreshed every 5 s).'),
    holder);
}

/* ---- estimated vs actual, calibration ---- */

const triple = (t) => (t ? `${number(t.p50)} / ${number(t.p95)} / ${number(t.max)}` : '—');

/** A suggestion as text, whether the server sends a string, a number or an object of settings. */
function describe(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : v}`).join(', ');
}

async function operationsPage() {
  const page = el('div', {}, el('h1', {}, 'Estimated vs actual cost'));
  const calibration = await api.optional('/v1/calibration');
  if (!calibration) {
    page.append(empty('No data yet', 'This server does not measure actual costs (GET /v1/calibration answered 404).'));
    return page;
  }
  const operations = calibration.operations || [];
  if (operations.length === 0) {
    page.append(empty('No data yet', 'No answer has been measured yet: run registered operations through /graphql.'));
    return page;
  }
  page.append(el('p', {}, 'For each operation, the price charged (estimated, at admission) against the cost of the answer as it came back (actual). ' +
    'A ratio well under 1 means the price list assumes larger lists than clients get.'));
  page.append(table('Estimated and actual cost per operation (p50 / p95 / max)',
    ['Operation', 'App', 'Version', 'Requests', 'Estimated', 'Actual', 'Actual ÷ estimated'],
    operations.map((o) => [link(`#/documents/${o.id}?app=${enc(o.app)}&version=${enc(o.version)}`, o.name || o.id.slice(0, 12)),
      o.app, o.version, number(o.count), triple(o.estimated), triple(o.actual), triple(o.ratio)]),
    { class: 'data', id: 'operations' }));
  return page;
}

async function calibrationPage() {
  const page = el('div', {}, el('h1', {}, 'Calibration'));
  const calibration = await api.optional('/v1/calibration');
  if (!calibration) {
    page.append(empty('No data yet', 'This server does not observe list sizes (GET /v1/calibration answered 404).'));
    return page;
  }
  const fields = calibration.fields || [];
  if (fields.length === 0) {
    page.append(empty('No data yet', 'No list field has been observed in an answer yet.'));
    return page;
  }
  page.append(el('p', {}, 'List sizes the price list assumes, the sizes clients request, and the sizes answers really hold, with a suggested @listSize where they differ.'));
  page.append(table('Observed list sizes against the price list (p50 / p95 / max)',
    ['Field', 'Assumed size', 'Requested', 'Observed', 'Observations', 'Suggestion'],
    fields.map((f) => [el('code', {}, f.coordinate), number(f.assumedSize), triple(f.requested), triple(f.observed),
      number(f.observed ? f.observed.count : null), f.suggestion ? el('code', {}, describe(f.suggestion)) : '—']),
    { class: 'data', id: 'calibration' }));
  return page;
}

export const pages = [
  { matches: (p) => p.length === 0 || (p[0] === 'apps' && p.length === 1), render: appsPage },
  { matches: (p) => p[0] === 'apps' && p.length === 4 && p[2] === 'versions', render: versionPage },
  { matches: (p) => p[0] === 'documents' && p.length === 2, render: documentPage },
  { matches: (p) => p[0] === 'policies' && p.length === 1, render: policiesPage },
  { matches: (p) => p[0] === 'traffic' && p.length <= 2, render: trafficPage },
  { matches: (p) => p[0] === 'operations' && p.length === 1, render: operationsPage },
  { matches: (p) => p[0] === 'calibration' && p.length === 1, render: calibrationPage },
  { matches: (p) => p[0] === 'refusals' && p.length === 1, render: refusalsPage },
  { matches: (p) => p[0] === 'schemas' && p.length === 1, render: schemasPage },
  { matches: (p) => p[0] === 'audit' && p.length === 1, render: auditPage },
  { matches: (p) => p[0] === 'spend' && p.length === 1, render: spendPage },
  { matches: (p) => p[0] === 'unused' && p.length === 1, render: unusedPage },
];
