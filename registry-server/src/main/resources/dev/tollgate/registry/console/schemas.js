// The schemas page (#/schemas, admin tokens): the stored schemas and the active one, the SDL diff
// of two of them, a dry run's impact report for a schema pasted in or chosen, and activation or
// rollback behind a confirmation that states what the dry run found.
import * as api from './api.js';
import { el, table, time, empty, confirmDialog } from './dom.js';
import { impactReport, diffView, summaryText, brokenCount, short } from './impact.js';

const enc = api.enc;

/** A stored schema as a publication body, so that a dry run rebuilds exactly its fingerprint. */
async function asBody(fingerprint) {
  const s = await api.get(`/v1/schemas/${enc(fingerprint)}`);
  return JSON.stringify({ sdl: s.sdl, model: s.model, defaultListSize: s.defaultListSize, fragmentSpreads: s.fragmentSpreads });
}

const dryRun = (body) => api.post('/v1/schemas?dryRun=true', body,
  body.trimStart().startsWith('{') ? 'application/json' : 'text/plain; charset=utf-8');

function failure(where, e) {
  where.replaceChildren(el('p', { class: 'error', role: 'alert' }, e.message));
}

/** Activate (or roll back to) a stored schema: dry run, confirm with its summary, then switch. */
async function activate(schema, rollback, context, status) {
  let report;
  try {
    report = await dryRun(await asBody(schema.fingerprint));
  } catch (e) {
    failure(status, e);
    return;
  }
  const broken = brokenCount(report);
  const verb = rollback ? 'Roll back to' : 'Activate';
  const ok = await confirmDialog(`${verb} schema ${short(schema.fingerprint)}?`,
    `Every gateway switches to it and reprices at once. ${summaryText(report)}` +
    (broken ? ' The broken operations are refused until their versions are retired; this activation is forced (?force=true).' : ''),
    broken ? `${verb} anyway` : verb);
  if (!ok) return;
  try {
    await api.post(`/v1/schemas/${enc(schema.fingerprint)}/activate${broken ? '?force=true' : ''}`, '');
    context.announce(`Schema ${short(schema.fingerprint)} is active`);
    await context.refresh();
  } catch (e) {
    failure(status, e);
  }
}

function schemasTable(schemas, active, context, status) {
  const activeSchema = schemas.find((s) => s.fingerprint === active);
  const rows = schemas.map((s) => {
    const rollback = activeSchema && s.created < activeSchema.created;
    const action = s.fingerprint === active ? '' : el('button', { type: 'button', 'data-activate': s.fingerprint,
      'aria-label': `${rollback ? 'Roll back to' : 'Activate'} schema ${short(s.fingerprint)}`,
      onclick: () => activate(s, rollback, context, status) }, rollback ? 'Roll back' : 'Activate');
    const diff = s.fingerprint === active ? '' : el('a', { href: `#/schemas?from=${enc(active)}&to=${enc(s.fingerprint)}` }, 'Diff with active');
    return [el('code', { class: 'id', title: s.fingerprint }, `${short(s.fingerprint)}…`),
      s.active ? el('span', { class: 'badge badge-active' }, 'active') : 'stored',
      s.model, String(s.defaultListSize), s.fragmentSpreads, time(s.created), s.publishedBy, [action, ' ', diff]];
  });
  const node = table('Stored schemas, oldest first', ['Fingerprint', 'Status', 'Model', 'Default list size', 'Fragment spreads',
    'Published', 'By', 'Action'], rows, { class: 'data', id: 'schemas' });
  node.querySelectorAll('tbody tr').forEach((tr, i) => { tr.dataset.fingerprint = schemas[i].fingerprint; });
  return node;
}

function choice(id, name, label, schemas, current) {
  return [el('label', { for: id }, label), el('select', { id, name },
    schemas.map((s) => el('option', { value: s.fingerprint, selected: s.fingerprint === current },
      `${short(s.fingerprint)} · ${time(s.created)}${s.active ? ' · active' : ''}`)))];
}

async function compareSection(schemas, active, params) {
  const from = params.get('from') || active;
  const to = params.get('to') || (schemas.find((s) => s.fingerprint !== from) || { fingerprint: from }).fingerprint;
  const form = el('form', { class: 'filters', 'aria-label': 'Compare two schemas' },
    choice('diff-from', 'from', 'From', schemas, from), choice('diff-to', 'to', 'To', schemas, to),
    el('button', { type: 'submit' }, 'Compare'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    location.hash = `#/schemas?${new URLSearchParams(new FormData(form))}`;
  });
  const section = el('section', { 'aria-labelledby': 'compare-title' }, el('h2', { id: 'compare-title' }, 'Compare two schemas'), form);
  if (params.get('from') && params.get('to')) {
    section.append(...diffView(await api.get(`/v1/schemas/${enc(from)}/diff/${enc(to)}`)));
  }
  return section;
}

function dryRunSection(schemas, context) {
  const result = el('div', { id: 'dry-run-result', 'aria-live': 'polite' });
  const text = el('textarea', { id: 'dry-run-sdl', name: 'sdl', rows: 8, spellcheck: 'false', 'aria-describedby': 'dry-run-help' });
  const stored = el('select', { id: 'dry-run-stored', name: 'stored' }, el('option', { value: '' }, 'the text above'),
    schemas.map((s) => el('option', { value: s.fingerprint }, `${short(s.fingerprint)} · ${time(s.created)}${s.active ? ' · active' : ''}`)));
  const form = el('form', { class: 'dry-run', 'aria-label': 'Dry run' },
    el('label', { for: 'dry-run-sdl' }, 'Schema SDL'), text,
    el('p', { id: 'dry-run-help', class: 'help' }, 'The SDL, or JSON {"sdl", "model", "defaultListSize", "fragmentSpreads"}; ',
      'settings left out are the active schema\u2019s. Nothing is stored by a dry run.'),
    el('p', {}, el('label', { for: 'dry-run-stored' }, 'Schema to try '), stored, ' ', el('button', { type: 'submit' }, 'Dry run')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    result.replaceChildren(el('p', { class: 'loading' }, 'Repricing every active operation…'));
    try {
      const body = stored.value ? await asBody(stored.value) : text.value;
      const report = await dryRun(body);
      const store = stored.value || report.stored ? null : el('button', { type: 'button', id: 'store-schema', onclick: async () => {
        try {
          await api.post('/v1/schemas', body, body.trimStart().startsWith('{') ? 'application/json' : 'text/plain; charset=utf-8');
          context.announce(`Stored schema ${short(report.fingerprint)}`);
          await context.refresh();
        } catch (e) {
          failure(result, e);
        }
      } }, 'Store this schema');
      result.replaceChildren(el('p', {}, `Schema ${short(report.fingerprint)}${report.stored ? ' (stored)' : ' (not stored)'}. `,
        summaryText(report), ' ', store), ...impactReport(report));
    } catch (e) {
      failure(result, e);
    }
  });
  return el('section', { 'aria-labelledby': 'dry-run-title' }, el('h2', { id: 'dry-run-title' }, 'Impact of a schema (dry run)'),
    form, result);
}

export async function schemasPage(parts, params, context) {
  const page = el('div', {}, el('h1', {}, 'Schemas'));
  if (context.session.scope !== 'admin') {
    page.append(empty('Needs an admin token', 'Schemas, their impact and activation are for admin tokens: ' +
      'sign in with an admin token to see this page.'));
    return page;
  }
  const { active, schemas } = await api.get('/v1/schemas');
  const status = el('div', { id: 'schemas-status' });
  page.append(el('p', {}, 'The schemas this registry stores, the active one marked. Activating one (or rolling back to an older one) ' +
    'reprices every active operation at once; the confirmation says what changes.'),
  status, schemasTable(schemas, active, context, status));
  page.append(await compareSection(schemas, active, params), dryRunSection(schemas, context));
  return page;
}
