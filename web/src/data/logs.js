// The host's log, its exports and crash dumps.

/**
 * @typedef {{offset: number, text: string, [field: string]: unknown}} LogChunk
 * @typedef {{name: string, modified: number, size: number}} CrashDump
 * @typedef {{notice: boolean, dumps: CrashDump[], [field: string]: unknown}} CrashState
 * @typedef {{name: string, size: number}} ManifestFile
 */

/** Up to `max` bytes of the log from `offset`. @returns {Promise<LogChunk>} */
export const tailLog = (api, offset, max) => api.get("/api/logs/tail", { query: { offset, max } });
/** @returns {Promise<CrashState>} */
export const crashState = (api) => api.get("/api/health/crashdump");
export const dismissCrash = (api) => api.post("/api/health/crashdump/dismiss", {});
/** What the support ZIP would contain. @returns {Promise<ManifestFile[]>} */
export const supportZipManifest = async (api) => (await api.get("/api/logs/export_crash/manifest")).files;
/** The whole log as text. @returns {Promise<Blob>} */
export const logFile = (api) => api.blob("/api/logs/export");
/** The support ZIP. @returns {Promise<Blob>} */
export const supportZip = (api) => api.blob("/api/logs/export_crash");
