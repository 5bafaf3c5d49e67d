// Landing page of a demo without its own `app`: service list, a request panel for
// HTTP services (mock-http), a query panel for databases and the reset control.
// Every URL is relative to the demo root, so the page works under any subpath.
(() => {
  const $ = (sel, el = document) => el.querySelector(sel);
  const status = $("#demo-status");
  const show = (el, text) => {
    el.textContent = text;
    el.hidden = false;
  };

  window.helioDemo.ready.then(
    () => show(status, "Service worker active: the services below answer from this tab."),
    (err) => show(status, `Service worker failed: ${err}`),
  );

  async function answer(response) {
    const text = await response.text();
    let body = text;
    try {
      body = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      /* not JSON: show as is */
    }
    return `HTTP ${response.status}\n${body}`;
  }

  // A route in a service's list fills its request form.
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-fill]");
    if (!link) return;
    event.preventDefault();
    const form = $(`form[data-http="${link.dataset.fill}"]`);
    form.elements.method.value = link.dataset.method;
    form.elements.route.value = link.dataset.route.replace(/^\/+/, "");
  });

  for (const form of document.querySelectorAll("form[data-http]")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const out = $("output", form);
      const method = form.elements.method.value;
      const route = form.elements.route.value.replace(/^\/+/, "");
      const init = { method };
      if (!["GET", "HEAD"].includes(method) && form.elements.body.value.trim()) {
        init.body = form.elements.body.value;
        init.headers = { "content-type": "application/json" };
      }
      try {
        show(out, await answer(await fetch(`${form.dataset.prefix}${route}`, init)));
      } catch (err) {
        show(out, String(err));
      }
    });
  }

  for (const form of document.querySelectorAll("form[data-db]")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const out = $("output", form);
      try {
        const response = await fetch(`__demo/db/${form.dataset.db}/query`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ sql: form.elements.sql.value }),
        });
        show(out, await answer(response));
      } catch (err) {
        show(out, String(err));
      }
    });
  }

  $("#demo-reset").addEventListener("click", async () => {
    const out = $("#demo-reset-result");
    if (!confirm("Reset every service of this demo to its seed data?")) return;
    try {
      await window.helioDemo.reset();
      show(out, "All services were reset to their seed data.");
    } catch (err) {
      show(out, String(err));
    }
  });
})();
