// The console's ONE API client: every request goes through ApiClient, every failure
// becomes an ApiError carrying the server's error string.
//
// Auth: in "cookie" mode the session rides on HttpOnly cookies and only the CSRF token
// lives here (memory). In "bearer" mode (the demo) the client keeps the access, refresh
// and CSRF tokens from the login answer in sessionStorage, or localStorage with
// "remember me". Either way the access token is refreshed silently a minute before it
// expires, and a 401 triggers one refresh attempt before the shell is told to sign in.
import { apiBase, authMode, basePath } from "./config.js";
import { AUTH } from "./data/auth.js";
import { has, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, message, { body = null, retryAfter = null } = {}) {
    super(inConsoleLanguage(body, message));
    this.name = "ApiError";
    this.hostMessage = message; // the host's English, for logs and bug reports
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
    // The host names the request field at fault in `field` ("scopes[0].methods"): the
    // whole path, and the top-level name forms compare their fields with.
    this.fieldPath = typeof body?.field === "string" ? body.field : null;
    this.field = this.fieldPath ? this.fieldPath.split(/[.[]/)[0] : null;
  }
}

/**
 * The host's refusal in the console's language: its `code` ("schema.min_length") picks
 * the catalogue's `error.<code>` message, filled from its `params`; the host's English
 * stays where the catalogue has no such message.
 */
function inConsoleLanguage(body, english) {
  const code = typeof body?.code === "string" ? body.code : null;
  if (!code || !has(`error.${code}`)) return english;
  const params = { ...(body.params ?? {}) };
  if (Array.isArray(params.types)) params.types = params.types.map((type) => (has(`error.type.${type}`) ? t(`error.type.${type}`) : type)).join(t("error.or"));
  return t(`error.${code}`, params);
}

function retryAfterOf(response) {
  const raw = response.headers.get("Retry-After");
  if (!raw) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds));
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - Date.now()) / 1000));
}

// One key per console: its API and where it is served. Two demos on one origin talk to
// the same address (https://host:47990) from different folders, and each keeps its own
// sign-in; natively this is "helio-auth /" (one console per origin).
const STORE_KEY = `helio-auth ${apiBase}${basePath}`;
const REFRESH_MARGIN_MS = 60_000;
const NO_REFRESH = new Set([AUTH.login, AUTH.refresh, AUTH.logout]);

export class ApiClient {
  /**
   * @param {{base?: string, auth?: "cookie"|"bearer", onUnauthorized?: (error: ApiError) => void}} options
   */
  constructor({ base = apiBase, auth = authMode, onUnauthorized = null } = {}) {
    this.base = base;
    this.auth = auth;
    this.onUnauthorized = onUnauthorized;
    this.csrfToken = null;
    this.tokens = this.loadTokens(); // {access, refresh, csrf, expiresAt, remember}
    if (this.tokens?.csrf) this.csrfToken = this.tokens.csrf;
    this.refreshing = null;
    this.refreshTimer = null;
    this.scheduleRefresh();
  }

  // -- public API -------------------------------------------------------------------
  get(path, { query } = {}) {
    return this.json("GET", withQuery(path, query));
  }
  post(path, body) {
    return this.json("POST", path, body);
  }
  patch(path, body) {
    return this.json("PATCH", path, body);
  }
  put(path, body) {
    return this.json("PUT", path, body);
  }
  del(path) {
    return this.json("DELETE", path);
  }
  async upload(path, fileOrBlob, { query } = {}) {
    const type = fileOrBlob.type || "application/octet-stream";
    const response = await this.request("POST", withQuery(path, query), {
      body: fileOrBlob,
      headers: { "Content-Type": type },
    });
    return readJson(response);
  }
  async text(path, { query } = {}) {
    return (await this.request("GET", withQuery(path, query))).text();
  }
  async blob(path, { query } = {}) {
    return (await this.request("GET", withQuery(path, query))).blob();
  }

  /** The absolute URL of an API path (for <img src>, downloads and curl examples). */
  url(path) {
    return `${this.base}${path}`;
  }

  // -- session ------------------------------------------------------------------------
  /** Load the CSRF token of the current session (or an anonymous one before sign-in). */
  async loadCsrf() {
    if (this.auth === "bearer" && this.tokens?.csrf) return this.tokens.csrf;
    const body = await this.get(AUTH.csrf);
    this.csrfToken = body.csrf_token;
    return this.csrfToken;
  }

  async signIn(username, password, rememberMe) {
    if (this.auth === "cookie") await this.loadCsrf();
    const body = await this.post(AUTH.login, {
      username,
      password,
      remember_me: Boolean(rememberMe),
    });
    this.adopt(body, Boolean(rememberMe));
    return body;
  }

  async signOut() {
    try {
      await this.post(AUTH.logout, {});
    } finally {
      this.forget();
    }
  }

  /** Rotate the session's tokens now (single flight). Resolves true when it worked. */
  refresh() {
    this.refreshing ??= (async () => {
      try {
        const body =
          this.auth === "bearer"
            ? this.tokens?.refresh
              ? await this.post(AUTH.refresh, { refresh_token: this.tokens.refresh })
              : null
            : await this.post(AUTH.refresh);
        if (!body) return false;
        this.adopt(body, this.tokens?.remember ?? body.remember_me);
        return true;
      } catch {
        return false;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** Forget every token this client holds (after sign-out or a failed refresh). */
  forget() {
    this.csrfToken = null;
    this.tokens = null;
    clearTimeout(this.refreshTimer);
    for (const store of [sessionStorage, localStorage]) store.removeItem(STORE_KEY);
  }

  adopt(body, remember) {
    this.csrfToken = body.csrf_token;
    const tokens = {
      csrf: body.csrf_token,
      expiresAt: Date.now() + (body.expires_in ?? 0) * 1000,
      remember: Boolean(remember),
    };
    // Natively the access and refresh tokens stay in HttpOnly cookies, never in script.
    if (this.auth === "bearer") Object.assign(tokens, { access: body.access_token, refresh: body.refresh_token });
    else delete tokens.csrf;
    this.tokens = tokens;
    for (const store of [sessionStorage, localStorage]) store.removeItem(STORE_KEY);
    (tokens.remember ? localStorage : sessionStorage).setItem(STORE_KEY, JSON.stringify(tokens));
    this.scheduleRefresh();
  }

  loadTokens() {
    for (const store of [sessionStorage, localStorage]) {
      try {
        const saved = JSON.parse(store.getItem(STORE_KEY) ?? "null");
        if (saved) return saved;
      } catch {
        store.removeItem(STORE_KEY);
      }
    }
    return null;
  }

  scheduleRefresh() {
    clearTimeout(this.refreshTimer);
    if (!this.tokens?.expiresAt) return;
    const wait = Math.max(1_000, this.tokens.expiresAt - Date.now() - REFRESH_MARGIN_MS);
    this.refreshTimer = setTimeout(() => this.refresh(), Math.min(wait, 2 ** 31 - 1));
  }

  // -- transport ----------------------------------------------------------------------
  async json(method, path, body) {
    const init = {};
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { "Content-Type": "application/json" };
    }
    return readJson(await this.request(method, path, init));
  }

  /** Send one request; on 401 refresh once and retry; throw ApiError for any failure. */
  async request(method, path, init = {}) {
    let response = await this.send(method, path, init);
    if (response.status === 401 && !NO_REFRESH.has(path.split("?")[0])) {
      if (await this.refresh()) response = await this.send(method, path, init);
    }
    if (response.ok) return response;
    const error = await errorOf(response);
    if (error.status === 401 && !NO_REFRESH.has(path.split("?")[0])) {
      this.forget();
      this.onUnauthorized?.(error);
    }
    throw error;
  }

  async send(method, path, init) {
    const headers = new Headers(init.headers ?? {});
    headers.set("Accept", "application/json");
    if (method !== "GET" && method !== "HEAD" && this.csrfToken) headers.set("X-CSRF-Token", this.csrfToken);
    // Login and refresh authenticate by their body: an expired access token must not spoil them.
    const bodyAuth = path.startsWith(AUTH.login) || path.startsWith(AUTH.refresh);
    if (this.auth === "bearer" && this.tokens?.access && !bodyAuth) {
      headers.set("Authorization", `Bearer ${this.tokens.access}`);
    }
    try {
      return await fetch(this.url(path), {
        method,
        headers,
        body: init.body,
        credentials: this.base ? "include" : "same-origin",
      });
    } catch (cause) {
      throw new ApiError(0, t("api.unreachable", { reason: cause.message }));
    }
  }
}

async function errorOf(response) {
  const body = await response.json().catch(() => null);
  const message = body?.error || `${response.status} ${response.statusText || "error"}`.trim();
  return new ApiError(response.status, message, { body, retryAfter: retryAfterOf(response) });
}

async function readJson(response) {
  const body = await response.json().catch(() => {
    throw new ApiError(response.status, t("api.notJson"));
  });
  if (body && body.status === false) throw new ApiError(response.status, body.error ?? t("api.failed"), { body });
  return body;
}

function withQuery(path, query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes("?") ? "&" : "?"}${text}` : path;
}

/** A sentence for a 429: how long to wait. */
export function waitMessage(error) {
  if (error?.status !== 429) return error?.message ?? "";
  const seconds = error.retryAfter;
  // The host's "…; try again later" becomes a precise "Try again in 1 minute."
  const reason = error.message.replace(/[;,.]?\s*try again later\.?$/i, "").replace(/\.$/, "");
  if (seconds == null) return t("api.wait", { reason });
  return t("api.waitFor", { reason, duration: formatDuration(seconds) });
}

export function formatDuration(seconds) {
  if (seconds < 60) return t("duration.seconds", { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return t("duration.minutes", { count: minutes });
  return t("duration.hours", { count: Math.round(minutes / 60) });
}
