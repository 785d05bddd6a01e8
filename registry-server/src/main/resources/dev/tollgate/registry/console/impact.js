// What a schema change does (issue 26): the impact report of a dry run (POST /v1/schemas?dryRun=true)
// as summary counts and a sortable table, the sentence a confirmation states, and the SDL line diff
// of two stored schemas (GET /v1/schemas/{from}/diff/{to}). Text only, never markup.
import { el, table, number } from './dom.js';
import { sortable } from './answers.js';

/** The summary's statuses in the order the server sends them, with what each means for requests. */
const STATUSES = [
  ['dearer', 'get dearer'],
  ['cheaper', 'cheaper'],
  ['unchanged', 'unchanged'],
  ['broken', 'broken (no longer valid: refused with OPERATION_INVALID_FOR_SCHEMA)'],
  ['over-limit', 'over the cost limit of every policy that may run them (refused with COST_ESTIMATED_TOO_EXPENSIVE)'],
];

export const short = (fingerprint) => fingerprint.slice(0, 12);

function count(summary, status) {
  return (summary && summary[status]) || 0;
}

/** "Of 8 active operations, 2 get dearer, 0 cheaper, 4 unchanged, 2 broken (…), 0 over the cost limit (…)." */
export function summaryText(report) {
  const total = report.operations.length;
  const parts = STATUSES.map(([status, text]) => `${number(count(report.summary, status))} ${text}`);
  return `Of ${number(total)} active operation${total === 1 ? '' : 's'}, ${parts.join(', ')}.`;
}

export function brokenCount(report) {
  return count(report.summary, 'broken');
}

/** The counts as a list (data-status on each item) and the operations as a sortable table. */
export function impactReport(report) {
  const summary = el('ul', { class: 'counts', id: 'impact-summary' },
    STATUSES.map(([status]) => el('li', { 'data-status': status },
      el('strong', {}, number(count(report.summary, status))), ` ${status}`)));
  if (report.operations.length === 0) {
    return [summary, el('p', { class: 'note' }, 'No active operation: publishing a manifest gives this report rows.')];
  }
  const delta = (o) => (o.newCost === null || o.newCost === undefined ? null : o.newCost - o.oldCost);
  const rows = report.operations.map((o) => [o.name || `${o.id.slice(0, 12)}…`, o.app, o.version,
    el('span', { class: `badge impact-${o.status}` }, o.status), number(o.oldCost), number(o.newCost),
    delta(o) === null ? '—' : `${delta(o) > 0 ? '+' : ''}${number(delta(o))}`,
    el('code', {}, o.oldPrice), o.newPrice === null ? '—' : el('code', {}, o.newPrice),
    (o.errors || []).join('; ') || '—']);
  const keys = report.operations.map((o) => [o.name || o.id, o.app, o.version, o.status, o.oldCost, o.newCost,
    delta(o), o.oldPrice, o.newPrice, (o.errors || []).join('; ')]);
  return [summary, sortable(table('Active operations under the active schema and under this one',
    ['Operation', 'App', 'Version', 'Status', 'Cost now', 'Cost after', 'Change', 'Price now', 'Price after', 'Errors'],
    rows, { class: 'data', id: 'impact' }), keys)];
}

/** The diff as "N lines added, M removed" and one block of numbered lines per hunk. */
export function diffView(diff) {
  const head = el('p', { id: 'diff-summary' },
    `${number(diff.added)} line${diff.added === 1 ? '' : 's'} added, ${number(diff.removed)} removed, ` +
    `from ${short(diff.from)} to ${short(diff.to)}.`);
  if (diff.hunks.length === 0) return [head, el('p', { class: 'note' }, 'The two SDL texts are the same.')];
  const mark = { added: '+', removed: '-', context: ' ' };
  const blocks = diff.hunks.map((hunk) => el('pre', { class: 'diff', tabindex: 0, 'aria-label': 'Changed lines' },
    hunk.lines.map((line) => el('span', { class: `diff-${line.kind}`, 'data-kind': line.kind },
      `${String(line.from || '').padStart(4)} ${String(line.to || '').padStart(4)} ${mark[line.kind]} ${line.text}\n`))));
  return [head, el('div', { id: 'schema-diff' }, blocks)];
}
