// The baseline for bench/demo_cold_start.py: a trivial JavaScript-only service
// worker answering the same URL with a constant JSON body (no Python, no storage).
self.addEventListener("install", (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (!url.pathname.includes("/__demo/")) return;
  event.respondWith(
    new Response(JSON.stringify({ approved: 1, placed: 2, delivered: 3 }), {
      headers: { "content-type": "application/json" },
    }),
  );
});
