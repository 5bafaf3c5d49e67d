// The host process itself: what it runs, its streams, restart and quit, its language.

/**
 * @typedef {{version: string, started_at: number, [field: string]: unknown}} Metadata
 * @typedef {{locale: string}} ConfigLocale
 */

/** @returns {Promise<Metadata>} */
export const metadata = (api) => api.get("/api/metadata");
export const sessionStatus = (api) => api.get("/api/session/status");
export const rtspSessions = (api) => api.get("/api/rtsp/sessions");
export const restartHost = (api) => api.post("/api/restart", {});
export const quitHost = (api) => api.post("/api/quit", {});
/** The language set in the host's settings. @returns {Promise<string>} */
export const consoleLocale = async (api) => (await api.get("/api/configLocale")).locale;
