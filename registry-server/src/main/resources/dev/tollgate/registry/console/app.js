// The console's shell: sign-in, navigation and a hash router (#/apps, #/policies, ...).
import * as api from './api.js';
import { el } from './dom.js';
import { pages } from './pages.js';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const who = document.getElementById('who');
let session = null;
let leaving = [];

function announce(text) {
  document.getElementById('announcer').textContent = text;
}

function signInPage(message) {
  nav.hidden = true;
  who.hidden = true;
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
      api.signOut();
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
  document.getElementById('who-name').textContent = `Signed in as ${session.name} (${session.scope}${session.scope === 'publish' ? ', read-only' : ''})`;
  nav.hidden = false;
  who.hidden = false;
  if (!location.hash || location.hash === '#' || location.hash === '#main') {
    location.hash = '#/apps';
  } else {
    await route();
  }
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
  const page = pages.find((p) => p.matches(parts)) || pages[0];
  for (const link of nav.querySelectorAll('a')) {
    const current = link.getAttribute('href').slice(2) === (parts[0] || 'apps');
    if (current) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  main.replaceChildren(el('p', { class: 'loading', role: 'status' }, 'Loading…'));
  main.setAttribute('aria-busy', 'true');
  const context = { session, onLeave: (fn) => leaving.push(fn), announce, refresh: route };
  try {
    const content = await page.render(parts, params, context);
    main.replaceChildren(content);
  } catch (e) {
    if (e.status === 401 || (e.status === 403 && e.code === 'FORBIDDEN' && !e.message.includes('scope'))) {
      api.signOut();
      session = null;
      signInPage('Your token was not accepted; sign in again.');
      return;
    }
    main.replaceChildren(el('h1', {}, 'Something went wrong'), el('p', { class: 'error', role: 'alert' }, e.message));
  } finally {
    main.removeAttribute('aria-busy');
  }
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
  start().catch(() => {
    api.signOut();
    signInPage('Your token was not accepted; sign in again.');
  });
} else {
  signInPage();
}
