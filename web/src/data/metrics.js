// Hardware metrics the host reads for the stream overlay.

/** What the host reads now, as the overlay would show it. */
export const metricsPreview = (api) => api.get("/api/hardware-metrics/preview");
