// The /v1 API with the signed-in token. The token lives in sessionStorage only: it is gone when
// the tab closes, and is sent as a bearer token to this origin only.

const KEY = 'tollgate.console.token';

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export function token() {
  return sessionStorage.getItem(KEY);
}

export function signIn(value) {
  sessionStorage.setItem(KEY, value);
}

export function signOut() {
  sessionStorage.removeItem(KEY);
}

export async function request(method, path) {
  const headers = { Accept: 'application/json' };
  const current = token();
  if (current) headers.Authorization = `Bearer ${current}`;
  const response = await fetch(path, { method, headers, cache: 'no-store' });
  const text = await response.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch (e) {
    body = null;
  }
  if (!response.ok) {
    const code = body && body.code ? body.code : `HTTP_${response.status}`;
    const message = body && body.message ? body.message : `${method} ${path} answered ${response.status}`;
    throw new ApiError(response.status, code, message);
  }
  return body;
}

export const get = (path) => request('GET', path);
export const del = (path) => request('DELETE', path);

/** GET, or null when the route does not exist on this server (404): a feature not there yet. */
export async function optional(path) {
  try {
    return await get(path);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export const enc = encodeURIComponent;
