// Operator answers (issue 26): which operations spend the budget (#/spend, GET /v1/operations) and
// what can be retired (#/unused, GET /v1/apps/{app}/unused). Filters are a form with a submit
// button, so choosing with the arrow keys never reloads the page; tables sort by any column.
import * as api from './api.js';
import { el, table, number, time, empty } from './dom.js';

const enc = api.enc;
const WINDOWS = [['1h', 'Last hour'], ['1d', 'Last day'], ['7d', 'Last 7 days'], ['30d', 'Last 30 days']];

function select(name, label, options, current) {
  const id = `filter-${name}`;
  return [el('label', { for: id }, label),
    el('select', { id, name }, options.map(([value, text]) =>
      el('option', { value, selected: value === current }, text)))];
}

/** A form whose submit sets the page's query parameters (and so re-renders it). */
function filterForm(route, controls) {
  const form = el('form', { class: 'filters', 'aria-label': 'Filters' }, controls, el('button', { type: 'submit' }, 'Show'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form).entries()) if (value !== '') params.set(key, value);
    location.hash = `#/${route}?${params}`;
  });
  return form;
}

/** Makes the column headers of a data table buttons that sort its rows by that column. */
export function sortable(node, keys) {
  const headers = node.querySelectorAll('thead th');
  headers.forEach((th, column) => {
    const button = el('button', { type: 'button', class: 'sort' }, th.textContent);
    th.replaceChildren(button);
    button.addEventListener('click', () => {
      const ascending = th.getAttribute('aria-sort') !== 'ascending';
      headers.forEach((other) => other.removeAttribute('aria-sort'));
      th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      const body = node.querySelector('tbody');
      const rows = [...body.rows];
      rows.sort((a, b) => compare(keys[a.dataset.index][column], keys[b.dataset.index][column]) * (ascending ? 1 : -1));
      body.append(...rows);
    });
  });
  [...node.querySelector('tbody').rows].forEach((row, i) => { row.dataset.index = i; });
  return node;
}

function compare(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

const pair = (c) => (c ? `${number(c.p50)} / ${number(c.p95)}` : '—');
const refusals = (r) => Object.entries(r || {}).map(([code, n]) => `${code} ${number(n)}`).join(', ') || '—';

/** Which operations spend the budget: GET /v1/operations over a window, per app, version and policy. */
export async function spendPage(parts, params) {
  const window = params.get('window') || '1d';
  const query = new URLSearchParams({ window });
  for (const key of ['app', 'policy']) if (params.get(key)) query.set(key, params.get(key));
  const [answer, everything] = await Promise.all([
    api.optional(`/v1/operations?${query}`), api.optional(`/v1/operations?window=${enc(window)}`)]);
  const page = el('div', {}, el('h1', {}, 'Operations'));
  if (!answer) {
    page.append(empty('No data yet', 'This server does not count operations (GET /v1/operations answered 404).'));
    return page;
  }
  const all = everything ? everything.operations : answer.operations;
  const apps = [...new Set(all.map((o) => o.app || ''))].sort();
  const policies = [...new Set(all.map((o) => o.policy))].sort();
  page.append(filterForm('spend', [
    select('window', 'Window', WINDOWS, window),
    select('app', 'App', [['', 'Any'], ...apps.map((a) => [a, a || '(open mode)'])], params.get('app') || ''),
    select('policy', 'Policy', [['', 'Any'], ...policies.map((p) => [p, p])], params.get('policy') || '')]));
  const operations = answer.operations;
  if (operations.length === 0) {
    page.append(empty('No data yet', 'No request in this window matches: send some through /graphql, or widen the window.'));
    return page;
  }
  page.append(el('p', {}, `${number(answer.unitsCharged)} units charged in the window. Requests count answers (cache hits included), ` +
    'as tollgate_cost_estimated_count does; units charged are the estimate less any refund. Open-mode text is grouped by document hash.'));
  const rows = operations.map((o) => [
    o.app ? el('a', { href: `#/documents/${o.id}?app=${enc(o.app)}&version=${enc(o.version)}` }, o.name || o.id.slice(0, 12))
      : el('code', { class: 'id', title: o.id }, `${o.name || 'open'} ${o.id.slice(0, 12)}…`),
    o.app || '(open)', o.version || '—', o.policy, number(o.requests), number(o.unitsCharged),
    `${(o.share * 100).toFixed(1)} %`, refusals(o.refusals), pair(o.estimated), pair(o.actual), number(o.ratio), time(o.lastSeen)]);
  const keys = operations.map((o) => [o.name || o.id, o.app, o.version, o.policy, o.requests, o.unitsCharged, o.share,
    Object.values(o.refusals || {}).reduce((n, m) => n + m, 0), o.estimated ? o.estimated.p50 : null,
    o.actual ? o.actual.p50 : null, o.ratio, o.lastSeen]);
  page.append(sortable(table('Operations by units charged', ['Operation', 'App', 'Version', 'Policy', 'Requests', 'Units charged',
    'Share', 'Refusals', 'Estimated p50 / p95', 'Actual p50 / p95', 'Actual ÷ estimated', 'Last seen'], rows,
  { class: 'data', id: 'spend' }), keys));
  return page;
}

/** What can be retired: an app's active versions and operations unused for N days. */
export async function unusedPage(parts, params) {
  const { apps } = await api.get('/v1/apps');
  const page = el('div', {}, el('h1', {}, 'Unused'));
  if (apps.length === 0) {
    page.append(empty('No apps yet', 'Publish a manifest with POST /v1/apps/{app}/versions/{version}.'));
    return page;
  }
  const app = params.get('app') || apps[0].name;
  const days = Math.max(0, Number.parseInt(params.get('days'), 10) || 30);
  page.append(filterForm('unused', [
    select('app', 'App', apps.map((a) => [a.name, a.name]), app),
    el('label', { for: 'filter-days' }, 'Unused for at least (days)'),
    el('input', { id: 'filter-days', name: 'days', type: 'number', min: 0, value: days })]));
  const report = await api.get(`/v1/apps/${enc(app)}/unused?days=${days}`);
  page.append(el('p', {}, `Active versions of ${app} that served no request in ${number(days)} days, and operations that did not run. ` +
    'A request counts for the version it was admitted under. Retiring a version used in the last registry.retireProtectionDays days asks again.'));
  page.append(report.versions.length === 0 ? empty('Every active version is in use', `Each served requests in the last ${number(days)} days.`)
    : sortable(table(`Versions of ${app} unused for ${days} days`, ['Version', 'Last seen'],
      report.versions.map((v) => [el('a', { href: `#/apps/${enc(app)}/versions/${enc(v.version)}` }, v.version), time(v.lastSeen)]),
      { class: 'data', id: 'unused-versions' }), report.versions.map((v) => [v.version, v.lastSeen])));
  if (report.documents.length > 0) {
    page.append(sortable(table(`Operations of ${app} unused for ${days} days`, ['Operation', 'Latest version holding it', 'Last seen'],
      report.documents.map((d) => [el('a', { href: `#/documents/${d.id}?app=${enc(app)}&version=${enc(d.version)}` }, d.name || d.id.slice(0, 12)),
        d.version, time(d.lastSeen)]), { class: 'data', id: 'unused-operations' }),
    report.documents.map((d) => [d.name || d.id, d.version, d.lastSeen])));
  }
  return page;
}

/** The versions a document's requests were counted for (GET /v1/documents/{id} servedBy): a shared document shows which. */
export function servedBySection(doc) {
  const served = doc.servedBy || [];
  return el('section', { 'aria-labelledby': 'served-title' },
    el('h2', { id: 'served-title' }, 'Served by'),
    served.length === 0
      ? el('p', { class: 'note' }, 'No request of this document has been counted yet.')
      : table('Requests counted per version (each request for the version it was admitted under)',
        ['App', 'Version', 'Operation', 'Requests', 'Last seen'],
        served.map((s) => [s.app, el('a', { href: `#/apps/${enc(s.app)}/versions/${enc(s.version)}` }, s.version),
          s.operation || '(anonymous)', number(s.requests), time(s.lastSeen)]), { class: 'data', id: 'served-by' }));
}
