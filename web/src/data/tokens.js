// API tokens: the routes a token may be scoped to, the tokens, creating and revoking.
import { seg } from "./path.js";

/**
 * @typedef {{route: string, path: string, methods: string[]}} TokenRoute
 * @typedef {{path: string, methods: string[]}} Scope
 * @typedef {{hash: string, scopes: Scope[], created_at?: number, [field: string]: unknown}} Token
 */

/** @returns {Promise<[TokenRoute[], Token[]]>} */
export async function loadTokens(api) {
  const [routes, tokens] = await Promise.all([api.get("/api/token/routes"), api.get("/api/tokens")]);
  return [routes.routes, tokens.tokens];
}
/** @param {Scope[]} scopes @returns {Promise<{token: string}>} */
export const createToken = (api, scopes) => api.post("/api/token", { scopes });
export const revokeToken = (api, hash) => api.del(`/api/token/${seg(hash)}`);

