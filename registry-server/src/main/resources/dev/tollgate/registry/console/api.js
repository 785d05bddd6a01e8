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

/** Told of every answer (true) and of every failure to reach the server at all (false). */
const listeners = [];

export function onReachable(listener) {
  listeners.push(listener);
}

function reached(yes) {
  listeners.forEach((listener) => listener(yes));
}

/**
 * Calls the API. A network failure (the server stopped, the connection refused) throws an
 * ApiError with status 0 and code UNREACHABLE, after telling the listeners; any answer, an error
 * status included, tells them the server is reachable.
 */
export async function request(method, path, body = undefined, contentType = 'text/plain; charset=utf-8') {
  const headers = { Accept: 'application/json' };
  const current = token();
  if (current) headers.Authorization = `Bearer ${current}`;
  if (body !== undefined) headers['Content-Type'] = contentType;
  let response;
  try {
    response = await fetch(path, { method, headers, body, cache: 'no-store' });
  } catch (e) {
    reached(false);
    throw new ApiError(0, 'UNREACHABLE', `The server cannot be reached (${method} ${path}: ${e.message}).`);
  }
  reached(true);
  const text = await response.text();
  let answer = null;
  try {
    answer = text ? JSON.parse(text) : null;
  } catch (e) {
    answer = null;
  }
  if (!response.ok) {
    const code = answer && answer.code ? answer.code : `HTTP_${response.status}`;
    const message = answer && answer.message ? answer.message : `${method} ${path} answered ${response.status}`;
    const error = new ApiError(response.status, code, message);
    error.body = answer;
    throw error;
  }
  return answer;
}

export const get = (path) => request('GET', path);
export const del = (path) => request('DELETE', path);
export const post = (path, body, contentType) => request('POST', path, body, contentType);

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
