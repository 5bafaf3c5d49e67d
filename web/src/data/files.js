// The host's file system, as the file picker browses it.

/**
 * @typedef {{name: string, path: string, kind: string, [field: string]: unknown}} Entry
 * @typedef {{path: string, parent?: string|null, entries: Entry[], [field: string]: unknown}} Listing
 */

/** @param {{path?: string, kind?: string, [name: string]: unknown}} query @returns {Promise<Listing>} */
export const browse = (api, query) => api.get("/api/browse", { query });
