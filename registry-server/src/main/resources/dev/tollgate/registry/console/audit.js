// The audit page: who changed what through the admin API, newest first, refusals included, with
// filters by actor and action and paging by cursor. Everything is in the hash (#/audit?actor=&
// action=&cursor=), so the browser's back button and links work; text is set as text nodes only.
import * as api from './api.js';
import { el, table, time, empty } from './dom.js';

const ACTIONS = ['publish', 'retire', 'schema.publish', 'schema.activate', 'schema.rollback',
  'key.issue', 'key.rotate', 'key.revoke', 'token.issue', 'token.revoke'];

function hrefWith(params) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value) query.set(name, value);
  }
  const text = query.toString();
  return text ? `#/audit?${text}` : '#/audit';
}

function filterForm(actor, action) {
  const actorInput = el('input', { id: 'audit-actor', name: 'actor', type: 'text', value: actor || '',
    autocomplete: 'off', 'aria-describedby': 'audit-actor-help' });
  const actionSelect = el('select', { id: 'audit-action', name: 'action' },
    el('option', { value: '' }, 'any'),
    ACTIONS.map((a) => el('option', { value: a, selected: a === action }, a)));
  const form = el('form', { class: 'filters', 'aria-label': 'Filter the audit trail' },
    el('p', {}, el('label', { for: 'audit-actor' }, 'Actor'), ' ', actorInput, ' ',
      el('label', { for: 'audit-action' }, 'Action'), ' ', actionSelect, ' ',
      el('button', { type: 'submit' }, 'Filter')),
    el('p', { id: 'audit-actor-help', class: 'help' },
      'Actor: a token\u2019s name from the config file, or the prefix of a token issued at runtime.'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    location.hash = hrefWith({ actor: actorInput.value.trim(), action: actionSelect.value });
  });
  return form;
}

function outcomeCell(entry) {
  if (entry.outcome === 'ok') return el('span', { class: 'badge badge-active' }, 'ok');
  return el('span', {}, el('span', { class: 'badge badge-refused' }, entry.outcome),
    entry.reason ? el('span', { class: 'help' }, ` ${entry.reason}`) : null);
}

export async function auditPage(parts, params, context) {
  const page = el('div', {}, el('h1', {}, 'Audit'));
  if (context.session.scope !== 'admin') {
    page.append(empty('Admin tokens only', 'The audit trail tells who holds which token and what each did: GET /v1/audit needs an admin token.'));
    return page;
  }
  const actor = params.get('actor') || '';
  const action = params.get('action') || '';
  const cursor = params.get('cursor') || '';
  page.append(el('p', {}, 'Every change made through the admin API, refused attempts included, newest first.'));
  page.append(filterForm(actor, action));
  const query = new URLSearchParams();
  if (actor) query.set('actor', actor);
  if (action) query.set('action', action);
  if (cursor) query.set('cursor', cursor);
  query.set('limit', '50');
  const answer = await api.get(`/v1/audit?${query}`);
  if (answer.entries.length === 0) {
    page.append(empty('No entries', actor || action ? 'No change matches these filters.'
      : 'No change has been made through the admin API yet.'));
  } else {
    page.append(table('Changes, newest first', ['At', 'Actor', 'Action', 'Target', 'Outcome'],
      answer.entries.map((e) => [time(e.at), e.actor, e.action, e.target || '—', outcomeCell(e)]),
      { class: 'data', id: 'audit' }));
  }
  const paging = el('p', { class: 'paging' });
  if (cursor) paging.append(el('a', { href: hrefWith({ actor, action }) }, 'Newest entries'), ' ');
  if (answer.nextCursor) {
    paging.append(el('a', { href: hrefWith({ actor, action, cursor: answer.nextCursor }), id: 'audit-older' }, 'Older entries'));
  }
  page.append(paging);
  return page;
}
