// The live pages: the cost chart (#/traffic/{policy}) and the refusals over time (#/refusals).
// Both read their data again every 5 s while they are shown (context.every stops when the page is
// left) and redraw only their data, so the policy picker keeps its focus and open details stay open.
import * as api from './api.js';
import { el, svg, table, number, empty } from './dom.js';
import { costHistogram, refusalBars } from './charts.js';

const enc = api.enc;
const EVERY = 5000;

/** The width a chart can take in the page (main's content box). */
function available() {
  const main = document.getElementById('main');
  const style = getComputedStyle(main);
  return main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}

/** Replaces the holder's content, keeping open the details that were open (by their summary). */
function redraw(holder, nodes) {
  const open = new Set([...holder.querySelectorAll('details[open] summary')].map((s) => s.textContent));
  holder.replaceChildren(...nodes);
  for (const details of holder.querySelectorAll('details')) {
    if (open.has(details.querySelector('summary').textContent)) details.open = true;
  }
}

/**
 * The policy picker. A choice opens that policy's chart ('change'), except a choice moved by an
 * arrow key on the closed select: some browsers fire 'change' for each arrow, in the keydown's own
 * task, so a 'change' before the next task after a key only moves the choice, and Enter or Show
 * opens it. A list opened from the keyboard and committed with Enter changes in a later task.
 */
function policyPicker(policies, name) {
  const hint = el('span', { class: 'help', id: 'policy-hint', 'aria-live': 'polite' });
  const select = el('select', { id: 'policy-select', 'aria-describedby': 'policy-hint' },
    policies.map((p) => el('option', { value: p.name, selected: p.name === name }, p.name)));
  const go = () => {
    if (select.value !== name) location.hash = `#/traffic/${enc(select.value)}`;
  };
  let keyed = false;
  select.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      go();
      return;
    }
    keyed = true;
    setTimeout(() => { keyed = false; }, 0);
  });
  select.addEventListener('change', () => {
    if (!keyed) {
      go();
      return;
    }
    keyed = false;
    hint.textContent = select.value === name ? '' : ` Press Enter or Show for ${select.value}.`;
  });
  return el('p', { class: 'controls' }, el('label', { for: 'policy-select' }, 'Policy '), select,
    ' ', el('button', { type: 'button', id: 'policy-show', onclick: go }, 'Show'), hint);
}

function trafficContent(traffic, name) {
  const priced = traffic.requests.filter((r) => r.cost !== null);
  const unpriced = traffic.requests.length - priced.length;
  if (traffic.requests.length === 0) {
    return [empty('No data yet', `This gateway has answered no request of ${name} since it started. ` +
      'Send some requests to /graphql with this policy\u2019s key.')];
  }
  const refused = priced.filter((r) => r.outcome !== 'ok');
  const over = priced.filter((r) => r.cost > traffic.limit).length;
  const summary = el('p', { class: 'summary', id: 'traffic-summary' },
    `${number(traffic.requests.length)} recent requests: ${number(priced.length)} priced, ${number(refused.length)} of them refused`,
    `, ${number(over)} over the cost limit of ${number(traffic.limit)} (${traffic.enforcement})`,
    unpriced ? `; ${number(unpriced)} refused before pricing (unknown id, bad input)` : '', '.');
  const { chart, bins } = costHistogram('cost', traffic.requests, traffic.limit, name, available());
  const figure = el('figure', {}, chart,
    el('figcaption', {}, el('span', { class: 'key key-ok' }), ' admitted  ', el('span', { class: 'key key-refused' }), ' refused  ',
      el('span', { class: 'key key-limit' }), ` cost limit (${number(traffic.limit)})`));
  const codes = {};
  for (const r of traffic.requests) if (r.outcome !== 'ok') codes[r.outcome] = (codes[r.outcome] || 0) + 1;
  const details = el('details', {}, el('summary', {}, 'The chart as a table'),
    table('Requests by estimated cost', ['Cost from', 'to', 'Admitted', 'Refused'],
      bins.filter((b) => b.ok + b.refused > 0).map((b) => [number(Math.round(b.from)), number(Math.round(b.to)), number(b.ok), number(b.refused)]),
      { class: 'data' }),
    table('Refusals by code', ['Code', 'Requests'], Object.entries(codes).map(([c, n]) => [c, number(n)]), { class: 'data' }));
  return [summary, figure, details];
}

export async function trafficPage(parts, params, context) {
  const { policies } = await api.get('/v1/policies');
  const name = parts[1] || (policies[0] && policies[0].name);
  const page = el('div', {}, el('h1', {}, name ? `Cost chart: ${name}` : 'Cost chart'), policyPicker(policies, name));
  if (!name) return page;
  const holder = el('div', { id: 'traffic-live' });
  const fill = async () => redraw(holder, trafficContent(await api.get(`/v1/traffic?policy=${enc(name)}`), name));
  await fill();
  context.every(EVERY, fill);
  page.append(holder, el('p', { class: 'help' }, 'Recent requests as this gateway answered them (its last 2,000 for each policy), ' +
    'read again every 5 s. With several gateways, each one shows its own traffic.'));
  return page;
}

function refusalsContent(history) {
  const intervals = history ? history.intervals : [];
  const totals = {};
  let ok = 0;
  for (const i of intervals) {
    ok += i.ok;
    for (const [code, n] of Object.entries(i.refusals)) totals[code] = (totals[code] || 0) + n;
  }
  const intro = el('p', {}, `Gateway answers by outcome, sampled from tollgate_requests_total every ${history ? history.intervalSeconds : 10} s ` +
    'in this process (the last hour), read again every 5 s.');
  if (Object.keys(totals).length === 0) {
    return [intro, empty('No refusals yet', `${number(ok)} requests admitted and none refused since the gateway started (or in the last hour).`)];
  }
  const { chart, codes, colour } = refusalBars('refusals', intervals, available());
  const legend = el('figcaption', { id: 'refusal-legend' }, codes.map((c) => el('span', { class: 'legend-item' },
    svg('svg', { width: 14, height: 14, class: 'swatch', 'aria-hidden': 'true' },
      svg('rect', { width: 14, height: 14, fill: colour(c), stroke: '#344054', 'stroke-width': 0.5 })), ` ${c}`)));
  return [intro, el('figure', {}, chart, legend),
    table('Refusals by code, last hour', ['Code', 'Refusals'],
      Object.entries(totals).sort((a, b) => b[1] - a[1]).map(([c, n]) => [c, number(n)]), { class: 'data', id: 'refusal-totals' }),
    el('p', { class: 'help' }, `${number(ok)} requests were admitted in the same time. With several gateways, each one shows its own answers.`)];
}

export async function refusalsPage(parts, params, context) {
  const holder = el('div', { id: 'refusals-live' });
  const fill = async () => redraw(holder, refusalsContent(await api.optional('/v1/refusals')));
  await fill();
  context.every(EVERY, fill);
  return el('div', {}, el('h1', {}, 'Refusals over time'), holder);
}
