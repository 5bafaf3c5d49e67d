// The game helpers (frame limiter, overlay, upscaler) and the Vulkan HDR layer.

/** @typedef {{installed: boolean, [field: string]: unknown}} HelperStatus */

/** Each helper's status path by the helper's key. */
export const HELPER_STATUS = {
  limiter: "/api/frame-limiter/status",
  overlay: "/api/overlay_limiter/status",
  upscaler: "/api/upscaler/status",
};

/** @returns {Promise<HelperStatus>} */
export const helperStatus = (api, key) => api.get(HELPER_STATUS[key]);
export const hdrLayer = (api) => api.get("/api/health/vulkan-hdr-layer");
export const registerHdrLayer = (api) => api.post("/api/health/vulkan-hdr-layer/register", {});
