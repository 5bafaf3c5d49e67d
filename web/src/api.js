// The console's one API client: every call goes through here, with the API's error shape.
// Cookie mode (native): session auth rides on the HttpOnly cookies; the CSRF token lives
// in memory only. Bearer mode (the demo, see config.js): the access, refresh and CSRF
// tokens of the JSON login answer are kept in sessionStorage (localStorage with
// "remember me") and sent as `Authorization: Bearer`; refresh sends the refresh token
// in the JSON body.

import { apiBase, authMode, basePath } from "./config.js";

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

const bearer = authMode === "bearer";
const storageKey = `helio-console:${apiBase}:${basePath}`;
let csrfToken = null;
let tokens = bearer ? loadTokens() : null;

function loadTokens() {
  const text = sessionStorage.getItem(storageKey) ?? localStorage.getItem(storageKey);
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function keepTokens(body, remember) {
  if (!bearer) return;
  tokens = { access: body.access_token, refresh: body.refresh_token, csrf: body.csrf_token, remember };
  sessionStorage.removeItem(storageKey);
  localStorage.removeItem(storageKey);
  if (tokens.access) (remember ? localStorage : sessionStorage).setItem(storageKey, JSON.stringify(tokens));
  csrfToken = tokens.csrf ?? csrfToken;
}

function dropTokens() {
  tokens = null;
  sessionStorage.removeItem(storageKey);
  localStorage.removeItem(storageKey);
}

async function parse(response) {
  const body = await response.json().catch(() => ({}));
  if (!response.ok || body.status === false) {
    throw new ApiError(response.status, body.error || `HTTP ${response.status}`);
  }
  return body;
}

async function send(method, path, body) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const csrf = bearer ? tokens?.csrf ?? csrfToken : csrfToken;
  if (method !== "GET" && csrf) headers["X-CSRF-Token"] = csrf;
  if (bearer && tokens?.access && !path.startsWith("/api/auth/refresh")) {
    headers["Authorization"] = `Bearer ${tokens.access}`;
  }
  return fetch(apiBase + path, {
    method,
    headers,
    credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function refresh() {
  if (bearer) {
    if (!tokens?.refresh) return false;
    const answer = await send("POST", "/api/auth/refresh", { refresh_token: tokens.refresh });
    if (!answer.ok) {
      dropTokens();
      return false;
    }
    keepTokens(await answer.json(), tokens.remember);
    return true;
  }
  const answer = await send("POST", "/api/auth/refresh");
  if (answer.ok) csrfToken = (await answer.json()).csrf_token;
  return answer.ok;
}

/** Call the API; on a 401 from an expired access token, refresh once and retry. */
export async function api(method, path, body) {
  let response = await send(method, path, body);
  if (response.status === 401 && !path.startsWith("/api/auth/")) {
    if (await refresh()) response = await send(method, path, body);
  }
  return parse(response);
}

/** Read the CSRF token for this session (an anonymous one before sign-in). */
export async function loadCsrfToken() {
  if (bearer && tokens?.csrf) return (csrfToken = tokens.csrf);
  csrfToken = (await parse(await send("GET", "/api/csrf-token"))).csrf_token;
  return csrfToken;
}

export async function signIn(username, password, rememberMe) {
  await loadCsrfToken();
  const body = await api("POST", "/api/auth/login", { username, password, remember_me: rememberMe });
  csrfToken = body.csrf_token;
  keepTokens(body, rememberMe);
  return body;
}

export async function signOut() {
  try {
    await api("POST", "/api/auth/logout");
  } finally {
    csrfToken = null;
    if (bearer) dropTokens();
  }
}
