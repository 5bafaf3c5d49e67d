// Game library integrations ("storefront", "libmgr"): status, games and their actions.

/**
 * @typedef {"storefront"|"libmgr"} Library
 * @typedef {{installed: boolean, [field: string]: unknown}} LibraryStatus
 * @typedef {{imported: number, updated: number, removed: number}} SyncResult
 */

/** @param {Library} which @returns {Promise<LibraryStatus>} */
export const libraryStatus = (api, which) => api.get(`/api/${which}/status`);
export const libraryGames = (api, which) => api.get(`/api/${which}/games`);
export const libraryCategories = async (api) => (await api.get("/api/libmgr/categories")).categories;
/** @returns {Promise<SyncResult>} */
export const syncLibrary = (api, which) => api.post(`/api/${which}/force_sync`, {});
/** A game action of a library ("launch", "import", …) with its body. */
export const gameAction = (api, which, action, body) => api.post(`/api/${which}/${action}`, body);
export const openLibraryManager = (api) => api.post("/api/libmgr/launch", { mode: "desktop" });
