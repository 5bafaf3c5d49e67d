// Host updates: the state machine the host runs, and the actions that move it.

/**
 * @typedef {{state: string, installed_version?: string, progress?: number,
 *   available?: {version: string, notes?: string}, result?: {ok: boolean, version?: string, reason?: string}}} UpdateState
 * @typedef {"check"|"install"|"install_now"|"cancel"} UpdateAction
 */

/** @returns {Promise<UpdateState>} */
export const updateState = (api) => api.get("/api/updates");
/** @param {UpdateAction} action @returns {Promise<UpdateState>} */
export const updateAction = (api, action) => api.post(`/api/updates/${action}`, {});
