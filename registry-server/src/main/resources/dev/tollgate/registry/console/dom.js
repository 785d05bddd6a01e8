// Small DOM helpers: every element is built with createElement and text nodes, never innerHTML,
// so nothing the server returns (document bodies, names) is ever parsed as markup.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

function setAttrs(node, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      node.addEventListener(name.slice(2), value);
    } else {
      node.setAttribute(name, value === true ? '' : String(value));
    }
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * A table with a caption, column headers and rows of cells (strings or nodes). Each cell carries its
 * column's name (data-label), which a narrow screen shows beside it when rows become cards.
 */
export function table(caption, headers, rows, attrs = {}) {
  return el('table', attrs,
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, headers.map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, rows.map((cells) => el('tr', {}, cells.map((c, i) =>
      i === 0 ? el('th', { scope: 'row', 'data-label': headers[i] }, c) : el('td', { 'data-label': headers[i] }, c))))));
}

export function number(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'number') return String(value);
  return Number.isInteger(value) ? value.toLocaleString('en-US')
    : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

export function time(iso) {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

/** A "no data yet" notice: a status box that says why and what makes data appear. */
export function empty(title, why) {
  return el('div', { class: 'empty', role: 'status' }, el('p', { class: 'empty-title' }, title), el('p', {}, why));
}

/** The confirmation dialog of index.html: resolves true when the operator confirms. */
export function confirmDialog(title, text, action) {
  const dialog = document.getElementById('confirm');
  document.getElementById('confirm-title').textContent = title;
  document.getElementById('confirm-text').textContent = text;
  document.getElementById('confirm-ok').textContent = action;
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true });
    dialog.returnValue = 'cancel';
    dialog.showModal();
    document.getElementById('confirm-cancel').focus();
  });
}
