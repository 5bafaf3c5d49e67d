// The console's one API client: every call goes through here, with the API's error shape.
// Session auth rides on the HttpOnly cookies; the CSRF token lives in memory only.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

let csrfToken = null;

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
  if (method !== "GET" && csrfToken) headers["X-CSRF-Token"] = csrfToken;
  return fetch(path, {
    method,
    headers,
    credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Call the API; on a 401 from an expired access token, refresh once and retry. */
export async function api(method, path, body) {
  let response = await send(method, path, body);
  if (response.status === 401 && !path.startsWith("/api/auth/")) {
    const refreshed = await send("POST", "/api/auth/refresh");
    if (refreshed.ok) {
      csrfToken = (await refreshed.json()).csrf_token;
      response = await send(method, path, body);
    }
  }
  return parse(response);
}

/** Read the CSRF token for this session (an anonymous one before sign-in). */
export async function loadCsrfToken() {
  csrfToken = (await parse(await send("GET", "/api/csrf-token"))).csrf_token;
  return csrfToken;
}

export async function signIn(username, password, rememberMe) {
  await loadCsrfToken();
  const body = await api("POST", "/api/auth/login", { username, password, remember_me: rememberMe });
  csrfToken = body.csrf_token;
  return body;
}

export async function signOut() {
  await api("POST", "/api/auth/logout");
  csrfToken = null;
}
