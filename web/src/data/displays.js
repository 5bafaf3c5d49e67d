// Displays: the host's display devices, each device's layout and colour profiles, and
// the "golden" snapshot of the display configuration.

/**
 * @typedef {{device_id: string, connector: string, [field: string]: unknown}} DisplayDevice
 * @typedef {{device_id: string, resolution: string|null, refresh_hz: number|null, scaling: number}} DisplayLayout
 * @typedef {{exists: boolean, [field: string]: unknown}} GoldenStatus
 * @typedef {{devices: DisplayDevice[], platform: string, simulated: boolean, layouts: DisplayLayout[],
 *   golden: GoldenStatus, profiles: Object<string, unknown[]>}} DisplayState
 */

/** Everything the displays page shows, read at once. @returns {Promise<DisplayState>} */
export async function loadDisplays(api) {
  const [devices, layouts, golden, colour] = await Promise.all([
    api.get("/api/display-devices"),
    api.get("/api/clients/display-layout"),
    api.get("/api/display/golden_status"),
    api.get("/api/clients/hdr-profiles"),
  ]);
  return {
    devices: devices.devices,
    platform: devices.platform,
    simulated: devices.simulated === true, // the browser demo's made-up PC
    layouts: layouts.layouts,
    golden,
    profiles: Object.fromEntries(colour.devices.map((d) => [d.device_id, d.profiles ?? []])),
  };
}

/** @param {DisplayLayout} layout */
export const saveLayout = (api, layout) => api.put("/api/clients/display-layout", layout);
export const endVirtualDisplay = (api, deviceId) => api.post("/api/display/terminate_virtual", { device_id: deviceId });
export const forgetDisplayDevices = (api) => api.post("/api/reset-display-device-persistence", {});
export const saveGolden = (api) => api.post("/api/display/export_golden", {});
export const restoreGolden = (api) => api.post("/api/display/restore_golden", {});
export const deleteGolden = (api) => api.del("/api/display/golden");
