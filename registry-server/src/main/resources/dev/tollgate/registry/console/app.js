// The console's shell: sign-in, navigation and a hash router (#/apps, #/policies, ...).
import * as api from './api.js';
import { el } from './dom.js';
import { pages } from './pages.js';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const who = document.getElementById('who');
const updated = document.getElementById('updated');
const offline = document.getElementById('offline');
let session = null;
let leaving = [];
let retry = null;
let failedOffline = false;
let routing = 0;

function announce(text) {
  document.getElementById('announcer').textContent = text;
}

/** "Updated at 10:31:05 UTC": when the data on the page was read from the server. */
let lastRead = null;

function stamp() {
  lastRead = `${new Date().toISOString().slice(11, 19)} UTC`;
  updated.textContent = `Updated at ${lastRead}`;
  updated.hidden = false;
}

/** The banner while the server cannot be reached, retried every 3 s; cleared by any answer. */
function reachable(yes) {
  if (yes) {
    offline.hidden = true;
    if (retry) clearInterval(retry);
    retry = null;
    return;
  }
  offline.textContent = `The server cannot be reached: the data below may be out of date${
    lastRead ? ` (read at ${lastRead})` : ''}. Trying again every 3 s…`;
  offline.hidden = false;
  if (!retry) retry = setInterval(reconnect, 3000);
}

async function reconnect() {
  try {
    if (!session) {
      await start();
    } else {
      await api.get('/v1/session');
      if (failedOffline) await route();
    }
  } catch (e) { /* still unreachable: the banner stays, the next tick tries again */ }
}

api.onReachable(reachable);

/** Who is signed in, by the token's name and scope; never the token itself (the demo token's name is its secret). */
function signedInAs(current) {
  const scope = current.scope === 'publish' ? 'publish, read-only' : current.scope;
  if (current.name && current.name !== api.token()) return `Signed in as ${current.name} (${scope})`;
  return `Signed in with ${current.scope === 'admin' ? 'an' : 'a'} ${current.scope} token${current.scope === 'publish' ? ' (read-only)' : ''}`;
}

function notFoundPage(path) {
  return el('div', {}, el('h1', {}, 'Not found'),
    el('p', {}, `The console has no page #${path}. `, el('a', { href: '#/apps' }, 'Go to Apps'), '.'));
}

function signInPage(message) {
  nav.hidden = true;
  who.hidden = true;
  updated.hidden = true;
  const input = el('input', { id: 'token', name: 'token', type: 'password', required: true, autocomplete: 'off',
    'aria-describedby': 'token-help' });
  const error = el('p', { id: 'sign-in-error', class: 'error', role: 'alert' }, message || '');
  const form = el('form', { class: 'sign-in', 'aria-labelledby': 'sign-in-title' },
    el('h1', { id: 'sign-in-title' }, 'Sign in'),
    el('label', { for: 'token' }, 'Registry token'),
    input,
    el('p', { id: 'token-help', class: 'help' },
      'An admin or publish token of this server (the embedded demo\u2019s admin token is admin-demo). ',
      'It is kept in this tab\u2019s session storage only and sent as a bearer token to /v1.'),
    error,
    el('button', { type: 'submit' }, 'Sign in'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    api.signIn(input.value.trim());
    try {
      await start();
    } catch (e) {
      if (e.code !== 'UNREACHABLE') api.signOut();
      error.textContent = e.status === 401 || e.status === 403 ? 'That token is not valid here.' : e.message;
      input.focus();
    }
  });
  main.replaceChildren(form);
  document.title = 'Sign in · Tollgate console';
  input.focus();
}

async function start() {
  session = await api.get('/v1/session');
  document.getElementById('who-name').textContent = signedInAs(session);
  nav.hidden = false;
  who.hidden = false;
  if (!location.hash || location.hash === '#' || location.hash === '#main') {
    location.hash = '#/apps';
  } else {
    await route();
  }
}

/** Runs fn every `millis` until the page is left; each run that reads the server stamps the page. */
function every(millis, fn) {
  const timer = setInterval(async () => {
    try {
      await fn();
      stamp();
    } catch (e) { /* unreachable (the banner says so) or refused: the next tick tries again */ }
  }, millis);
  leaving.push(() => clearInterval(timer));
}

async function route() {
  if (!session) return;
  leaving.forEach((fn) => fn());
  leaving = [];
  const path = location.hash.replace(/^#/, '');
  if (path === 'main') return;
  const [pathname, query] = path.split('?');
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query || '');
  const page = pages.find((p) => p.matches(parts)) || { render: () => notFoundPage(pathname) };
  for (const link of nav.querySelectorAll('a')) {
    const here = link.getAttribute('href').slice(2) === (parts[0] || 'apps');
    if (here) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  main.replaceChildren(el('p', { class: 'loading', role: 'status' }, 'Loading…'));
  main.setAttribute('aria-busy', 'true');
  const context = { session, onLeave: (fn) => leaving.push(fn), announce, refresh: route, stamp,
    every: (millis, fn) => every(millis, fn) };
  failedOffline = false;
  const current = ++routing;
  try {
    const content = await page.render(parts, params, context);
    // a later navigation started while this page was loading: it shows, not this one
    if (current !== routing) return;
    main.replaceChildren(content);
    stamp();
  } catch (e) {
    if (current !== routing) return;
    if (e.code === 'UNREACHABLE') {
      failedOffline = true;
      main.replaceChildren(el('h1', {}, 'Server unreachable'), el('p', { class: 'error' }, e.message));
      return;
    }
    if (e.status === 401 || (e.status === 403 && e.code === 'FORBIDDEN' && !e.message.includes('scope'))) {
      api.signOut();
      session = null;
      signInPage('Your token was not accepted; sign in again.');
      return;
    }
    main.replaceChildren(el('h1', {}, 'Something went wrong'), el('p', { class: 'error', role: 'alert' }, e.message));
  } finally {
    if (current === routing) main.removeAttribute('aria-busy');
  }
  if (current !== routing) return;
  const heading = main.querySelector('h1');
  document.title = `${heading ? heading.textContent : 'Console'} · Tollgate console`;
  main.focus({ preventScroll: true });
  announce(`${heading ? heading.textContent : 'Page'} loaded`);
}

document.getElementById('sign-out').addEventListener('click', () => {
  api.signOut();
  session = null;
  leaving.forEach((fn) => fn());
  leaving = [];
  signInPage('Signed out.');
});

window.addEventListener('hashchange', () => route());

document.querySelector('.skip').addEventListener('click', (event) => {
  event.preventDefault();
  main.focus();
});

if (api.token()) {
  start().catch((e) => {
    if (e.code === 'UNREACHABLE') {
      signInPage(e.message);
      return;
    }
    api.signOut();
    signInPage('Your token was not accepted; sign in again.');
  });
} else {
  signInPage();
}
