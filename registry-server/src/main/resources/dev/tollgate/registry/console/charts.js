// Charts drawn as plain SVG: a histogram of request costs with the policy's limit as a line
// (the book's figures 14.3 and 14.4), and stacked bars of refusals by code over time.
import { svg, number } from './dom.js';

const H = 320;
const M = { top: 24, right: 24, bottom: 48, left: 56 };
// The chart's width in SVG units: the width it is drawn at (so 12-unit text stays about 12 px on
// a phone), between 340 and 760. Set by each chart function from its `width` argument.
let W = 760;

export function chartWidth(available) {
  return Math.round(Math.max(340, Math.min(760, available || 760)));
}

/** The x scale of costs: logarithmic (log10(1 + cost)) when costs span orders of magnitude. */
function costScale(domainMax, log = domainMax > 50) {
  const t = (c) => (log ? Math.log10(1 + c) : c);
  const span = t(domainMax) || 1;
  const x = (c) => M.left + (t(c) / span) * (W - M.left - M.right);
  return { log, x, t, span };
}

function ticks(scale, domainMax) {
  if (scale.log) {
    const out = [0];
    for (let p = 1; p <= domainMax; p *= 10) out.push(p);
    return out;
  }
  const step = Math.max(1, Math.ceil(domainMax / (W < 500 ? 3 : 5)));
  const out = [];
  for (let v = 0; v <= domainMax; v += step) out.push(v);
  return out;
}

/**
 * Whole-number ticks from 0 to at least the tallest count, at most about five: the axis ends on
 * the first tick at or above the tallest bar (7 → 0, 2, 4, 6, 8), never below it.
 */
export function countTicks(tallest) {
  const step = Math.max(1, Math.ceil(tallest / 5));
  const top = Math.max(step, Math.ceil(tallest / step) * step);
  const out = [];
  for (let n = 0; n <= top; n += step) out.push(n);
  return out;
}

/**
 * Bins the priced requests by cost, with the limit on a bin edge, so that every bar right of the
 * line holds only requests over the limit. Bins are (from, to]: a request costing exactly the limit
 * is under it. Each bin counts admitted and refused requests.
 * Returns { bins: [{from, to, ok, refused}], scale, domainMax }.
 */
export function binCosts(requests, limit, binCount = 24) {
  const priced = requests.filter((r) => r.cost !== null && r.cost !== undefined);
  const maxCost = priced.reduce((m, r) => Math.max(m, r.cost), 0);
  const domainMax = Math.max(1, Math.ceil(Math.max(maxCost, limit) * 1.15));
  const scale = costScale(domainMax);
  const below = Math.max(1, Math.round((binCount * scale.t(limit)) / scale.span));
  const width = scale.t(limit) / below || scale.span / binCount;
  const count = Math.max(1, Math.ceil(scale.span / width - 1e-9));
  const fromT = (i) => (scale.log ? 10 ** (i * width) - 1 : i * width);
  const bins = [];
  for (let i = 0; i < count; i++) bins.push({ from: fromT(i), to: fromT(i + 1), ok: 0, refused: 0 });
  for (const r of priced) {
    const i = Math.min(count - 1, Math.max(0, Math.ceil(scale.t(r.cost) / width - 1e-9) - 1));
    if (r.outcome === 'ok') bins[i].ok++;
    else bins[i].refused++;
  }
  const end = bins[count - 1].to;
  return { bins, scale: costScale(end, scale.log), domainMax: end };
}

/** The cost histogram with the limit line; `id` prefixes the title and description ids. */
export function costHistogram(id, requests, limit, policy, width) {
  W = chartWidth(width);
  const { bins, scale, domainMax } = binCosts(requests, limit);
  const counts = countTicks(Math.max(1, ...bins.map((b) => b.ok + b.refused)));
  const tallest = counts[counts.length - 1];
  const plotH = H - M.top - M.bottom;
  const y = (n) => M.top + plotH - (n / tallest) * plotH;
  const priced = requests.filter((r) => r.cost !== null && r.cost !== undefined);
  const refused = priced.filter((r) => r.outcome !== 'ok').length;
  const chart = svg('svg', {
    viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img',
    'aria-labelledby': `${id}-title ${id}-desc`, 'data-chart': 'cost-histogram',
  },
  svg('title', { id: `${id}-title` }, `Estimated cost of the last ${priced.length} priced requests of ${policy}`),
  svg('desc', { id: `${id}-desc` },
    `Bars count requests by estimated cost${scale.log ? ' on a logarithmic axis' : ''}; ` +
    `${refused} of them were refused (hatched red). The vertical line is the policy's cost limit, ${number(limit)}.`),
  svg('defs', {},
    svg('pattern', { id: `${id}-hatch`, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      svg('rect', { width: 6, height: 6, class: 'hatch-bg' }),
      svg('line', { x1: 0, y1: 0, x2: 0, y2: 6, class: 'hatch-line' }))));
  // axes and ticks
  chart.append(svg('line', { x1: M.left, y1: H - M.bottom, x2: W - M.right, y2: H - M.bottom, class: 'axis' }));
  chart.append(svg('line', { x1: M.left, y1: M.top, x2: M.left, y2: H - M.bottom, class: 'axis' }));
  for (const v of ticks(scale, domainMax)) {
    const x = scale.x(v);
    chart.append(svg('line', { x1: x, y1: H - M.bottom, x2: x, y2: H - M.bottom + 5, class: 'axis' }));
    chart.append(svg('text', { x, y: H - M.bottom + 18, class: 'tick', 'text-anchor': 'middle' }, number(v)));
  }
  for (const n of counts) {
    chart.append(svg('line', { x1: M.left, y1: y(n), x2: W - M.right, y2: y(n), class: 'grid' }));
    chart.append(svg('text', { x: M.left - 8, y: y(n) + 4, class: 'tick', 'text-anchor': 'end' }, number(n)));
  }
  chart.append(svg('text', { x: (M.left + W - M.right) / 2, y: H - 8, class: 'axis-label', 'text-anchor': 'middle' },
    `estimated cost${scale.log ? ' (log scale)' : ''}`));
  chart.append(svg('text', { x: 14, y: M.top + plotH / 2, class: 'axis-label', 'text-anchor': 'middle',
    transform: `rotate(-90 14 ${M.top + plotH / 2})` }, 'requests'));
  // bars: admitted below, refused stacked above
  bins.forEach((b) => {
    if (b.ok + b.refused === 0) return;
    const x0 = scale.x(b.from) + 1;
    const width = Math.max(2, scale.x(b.to) - scale.x(b.from) - 2);
    const label = `cost ${number(Math.round(b.from))}–${number(Math.round(b.to))}: ${b.ok} admitted, ${b.refused} refused`;
    if (b.ok > 0) {
      chart.append(svg('rect', { x: x0, y: y(b.ok), width, height: y(0) - y(b.ok), class: 'bar bar-ok' },
        svg('title', {}, label)));
    }
    if (b.refused > 0) {
      chart.append(svg('rect', { x: x0, y: y(b.ok + b.refused), width, height: y(b.ok) - y(b.ok + b.refused),
        class: 'bar bar-refused', fill: `url(#${id}-hatch)` }, svg('title', {}, label)));
    }
  });
  const lx = scale.x(limit);
  chart.append(svg('line', { x1: lx, y1: M.top - 8, x2: lx, y2: H - M.bottom, class: 'limit', 'data-limit': limit }));
  chart.append(svg('text', { x: lx + (lx > W - 160 ? -6 : 6), y: M.top + 4, class: 'limit-label',
    'text-anchor': lx > W - 160 ? 'end' : 'start' }, `cost limit ${number(limit)}`));
  chart.dataset.axisTop = tallest;
  return { chart, bins };
}

// Sixteen colours told apart on white and from each other; past sixteen codes the colours repeat
// with a pattern (hatched, then dotted), so every code of a chart has its own fill.
const PALETTE = ['#b42318', '#1849a9', '#b54708', '#067647', '#6941c6', '#c11574', '#0e9384', '#4e5ba6',
  '#854a0e', '#3b7c0f', '#e62e05', '#026aa2', '#344054', '#dc6803', '#9e77ed', '#7a2e0e'];
const PATTERNS = ['solid', 'hatch', 'dots'];

/** Pattern definitions for code `index` past the first sixteen: the colour with white lines or dots. */
function patternDef(id, colour, pattern) {
  const mark = pattern === 'hatch'
    ? svg('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#ffffff', 'stroke-width': 2 })
    : svg('circle', { cx: 3, cy: 3, r: 1.3, fill: '#ffffff' });
  return svg('pattern', { id, width: 6, height: 6, patternUnits: 'userSpaceOnUse',
    patternTransform: pattern === 'hatch' ? 'rotate(45)' : null },
  svg('rect', { width: 6, height: 6, fill: colour }), mark);
}

/** Refusals by code over time as stacked bars, one bar an interval. */
export function refusalBars(id, intervals, width) {
  W = chartWidth(width);
  const codes = [...new Set(intervals.flatMap((i) => Object.keys(i.refusals)))].sort();
  const defs = svg('defs', {});
  const fills = new Map(codes.map((code, i) => {
    const colour = PALETTE[i % PALETTE.length];
    const pattern = PATTERNS[Math.floor(i / PALETTE.length) % PATTERNS.length];
    if (pattern === 'solid') return [code, colour];
    defs.append(patternDef(`${id}-code-${i}`, colour, pattern));
    return [code, `url(#${id}-code-${i})`];
  }));
  const colour = (code) => fills.get(code);
  const totals = intervals.map((i) => Object.values(i.refusals).reduce((a, b) => a + b, 0));
  const counts = countTicks(Math.max(1, ...totals));
  const tallest = counts[counts.length - 1];
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const step = plotW / Math.max(12, intervals.length);
  const y = (n) => M.top + plotH - (n / tallest) * plotH;
  const all = totals.reduce((a, b) => a + b, 0);
  const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img',
    'aria-labelledby': `${id}-title ${id}-desc`, 'data-chart': 'refusals', 'data-axis-top': tallest },
  svg('title', { id: `${id}-title` }, 'Refusals by code over time'),
  svg('desc', { id: `${id}-desc` }, `${all} refusals in ${intervals.length} intervals, codes: ${codes.join(', ') || 'none'}.`),
  defs);
  chart.append(svg('line', { x1: M.left, y1: H - M.bottom, x2: W - M.right, y2: H - M.bottom, class: 'axis' }));
  chart.append(svg('line', { x1: M.left, y1: M.top, x2: M.left, y2: H - M.bottom, class: 'axis' }));
  for (const n of counts) {
    chart.append(svg('line', { x1: M.left, y1: y(n), x2: W - M.right, y2: y(n), class: 'grid' }));
    chart.append(svg('text', { x: M.left - 8, y: y(n) + 4, class: 'tick', 'text-anchor': 'end' }, number(n)));
  }
  intervals.forEach((interval, index) => {
    let below = 0;
    const x = M.left + index * step + 1;
    for (const code of codes) {
      const n = interval.refusals[code] || 0;
      if (n === 0) continue;
      chart.append(svg('rect', { x, y: y(below + n), width: Math.max(1, step - 2), height: y(below) - y(below + n),
        class: 'bar', fill: colour(code), 'data-code': code }, svg('title', {}, `${interval.end}: ${n} ${code}`)));
      below += n;
    }
  });
  const first = intervals[0];
  const last = intervals[intervals.length - 1];
  if (first && last) {
    chart.append(svg('text', { x: M.left, y: H - M.bottom + 18, class: 'tick', 'text-anchor': 'start' }, shortTime(first.start)));
    chart.append(svg('text', { x: W - M.right, y: H - M.bottom + 18, class: 'tick', 'text-anchor': 'end' }, shortTime(last.end)));
  }
  chart.append(svg('text', { x: (M.left + W - M.right) / 2, y: H - 8, class: 'axis-label', 'text-anchor': 'middle' }, 'time (UTC)'));
  return { chart, codes, colour };
}

function shortTime(iso) {
  return new Date(iso).toISOString().slice(11, 19);
}
