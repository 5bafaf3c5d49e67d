// The host's settings: the values and the schema the OpenAPI document gives them.

/**
 * @typedef {Object<string, unknown>} Config
 * @typedef {{paths: Object<string, unknown>, components: {schemas: Object<string, unknown>}}} OpenApi
 */

/** @returns {Promise<[OpenApi, Config]>} */
export const loadSettings = (api) => Promise.all([api.get("/api/openapi.json"), api.get("/api/config")]);
/** Change some settings. @param {Config} changed @returns {Promise<Config>} */
export const saveSettings = (api, changed) => api.patch("/api/config", changed);
