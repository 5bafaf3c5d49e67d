// Paired devices (Moonlight clients) and pairing: waiting requests, PINs, one-time PINs.
import { seg } from "./path.js";

/**
 * @typedef {{uuid: string, name: string, permissions: string[], connected?: boolean,
 *   [field: string]: unknown}} Client
 * @typedef {{id: string, device_name?: string, outcome?: string, [field: string]: unknown}} PairRequest
 * @typedef {{otp: string, expires_in?: number, expires_at?: number}} OneTimePin
 */

/** @returns {Promise<Client[]>} */
export const listClients = async (api) => (await api.get("/api/clients/list")).clients;
/** @returns {Promise<PairRequest[]>} */
export const listPending = async (api) => (await api.get("/api/clients/pending")).pending;
/** @returns {Promise<PairRequest>} */
export const pendingRequest = async (api, id) => (await api.get(`/api/clients/pending/${seg(id)}`)).request;

/** Answer a waiting device's request with the PIN it shows. @returns {Promise<{request: PairRequest}>} */
export const sendPin = (api, body) => api.post("/api/pin", body);
/** @param {{passphrase: string, name?: string}} body @returns {Promise<OneTimePin>} */
export const issueOtp = (api, body) => api.post("/api/otp", body);

/** @param {{uuid: string, name: string, permissions: string[]}} change @returns {Promise<{client: Client}>} */
export const updateClient = (api, change) => api.post("/api/clients/update", change);
export const disconnectClient = (api, uuid) => api.post("/api/clients/disconnect", { uuid });
export const unpairClient = (api, uuid) => api.post("/api/clients/unpair", { uuid });
export const unpairAll = (api) => api.post("/api/clients/unpair-all", {});
