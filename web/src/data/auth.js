// Sign-in, the session's own endpoints and the signed-in user's sessions and password.
// ApiClient (api.js) uses the AUTH paths for its token handling; pages call the functions.
import { seg } from "./path.js";

/** The paths ApiClient itself calls while signing in, refreshing and out. */
export const AUTH = {
  login: "/api/auth/login",
  refresh: "/api/auth/refresh",
  logout: "/api/auth/logout",
  csrf: "/api/csrf-token",
};

/**
 * @typedef {{authenticated: boolean, username?: string, setup_required?: boolean}} AuthStatus
 * @typedef {{id: string, current: boolean, created_at: number, last_seen?: number,
 *   user_agent?: string, address?: string}} AuthSession
 */

/** @returns {Promise<AuthStatus>} */
export const authStatus = (api) => api.get("/api/auth/status");

/** @returns {Promise<AuthSession[]>} */
export const listSessions = async (api) => (await api.get("/api/auth/sessions")).sessions;

export const endSession = (api, id) => api.del(`/api/auth/sessions/${seg(id)}`);

/** The JSON schema of a password change, as the host's OpenAPI document states it. */
export const passwordSchema = async (api) =>
  (await api.get("/api/openapi.json")).paths["/api/password"].post.requestBody.content["application/json"].schema;

/**
 * Set the account (first run) or change its name and password.
 * @param {{currentUsername?: string, currentPassword?: string, newUsername: string,
 *   newPassword: string, confirmNewPassword: string}} change
 */
export const changePassword = (api, change) => api.post("/api/password", change);
