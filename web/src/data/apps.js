// The application list: entries, their order, launching, covers and library autosync.
import { seg } from "./path.js";

/**
 * @typedef {{uuid: string, name: string, cmd?: string, "image-path"?: string,
 *   "working-dir"?: string, [field: string]: unknown}} App
 * @typedef {{apps: App[], current_app?: string}} AppList
 */

/** @returns {Promise<AppList>} */
export const listApps = (api) => api.get("/api/apps");

/** Add an app (no uuid) or replace the one with its uuid. @returns {Promise<{app: App}>} */
export const saveApp = (api, app) => api.post("/api/apps", app);

export const deleteApp = (api, uuid) => api.del(`/api/apps/${seg(uuid)}`);
export const launchApp = (api, uuid) => api.post("/api/apps/launch", { uuid });
export const closeApp = (api) => api.post("/api/apps/close", {});
/** @param {string[]} order every app's uuid, first shown first */
export const reorderApps = (api, order) => api.post("/api/apps/reorder", { order });
export const purgeAutosynced = (api) => api.post("/api/apps/purge_autosync", {});

/** The path of an app's cover image (the API answers 404 when it has none). */
export const appCoverPath = (uuid) => `/api/apps/${seg(uuid)}/cover`;
/** The path of an uploaded or library cover by its key. */
export const coverPath = (key) => `/api/covers/${seg(key)}`;
/** Upload an image file as a cover. @returns {Promise<{key: string}>} */
export const uploadCover = (api, file, key) => api.upload("/api/covers/upload", file, { query: { key } });
