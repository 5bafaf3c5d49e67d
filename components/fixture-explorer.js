// <demo-fixture-explorer service="petstore">: browse a mock-http service's routes,
// fill one in, choose the answer with `Prefer` and send it through the worker.
// API in docs/demo-components.md.

import { css, html, nothing } from "lit";
import { keyed } from "lit/directives/keyed.js";
import {
  bodyExample,
  buildPath,
  describeSource,
  exampleNames,
  parameterExample,
  parseSource,
  pathParameters,
  preferHeader,
  queryParameters,
  responseCodes,
  routeGroups,
} from "./openapi.js";
import { routePath } from "./routes.js";
import {
  ADAPTERS,
  DemoServiceElement,
  DemoUnavailable,
  demoURL,
  emit,
  errorText,
  findService,
  formatMs,
  serviceHeader,
  themeStyles,
  unavailableNotice,
} from "./shared.js";
import { states } from "../web/src/element-kit.js";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// Responses made in a service worker carry no reason phrase: the common ones, for people.
const REASONS = {
  200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 301: "Moved Permanently", 302: "Found",
  304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
  405: "Method Not Allowed", 409: "Conflict", 415: "Unsupported Media Type", 422: "Unprocessable Content",
  429: "Too Many Requests", 500: "Internal Server Error", 501: "Not Implemented", 503: "Service Unavailable",
};

export class DemoFixtureExplorer extends DemoServiceElement {
  static properties = {
    ...DemoServiceElement.properties,
    route: { type: String }, // "GET /pet/{petId}": the route selected first
    ...states("_groups", "_selected", "_filter", "_code", "_example", "_sending", "_answer"),
  };

  constructor() {
    super();
    this._groups = [];
    this._filter = "";
    this._document = {};
  }

  async prepare() {
    const { service } = await findService(this.service, "http");
    if (!service.config.openapi && !service.config.fixtures) {
      throw new DemoUnavailable(`Service “${this.service}” (${service.adapter}) has no OpenAPI document or fixtures to explore.`);
    }
    this._adapter = { name: service.adapter, ...(ADAPTERS[service.adapter] ?? {}) };
    this._prefix = routePath(`http/${this._adapter.family}`, { service: this.service });
    const [document, fixtures] = await Promise.all([readJSON(service.config.openapi), readJSON(service.config.fixtures)]);
    this._document = document ?? {};
    this._groups = routeGroups(document, fixtures);
    const all = this._groups.flatMap(([, routes]) => routes);
    this._select(all.find((r) => `${r.method} ${r.path}` === this.route) ?? all[0] ?? null, false);
  }

  _select(route, focus = true) {
    this._selected = route;
    this._code = "";
    this._example = "";
    this._answer = null;
    if (focus) this.updateComplete.then(() => this._focusForm());
  }

  // The first field of the picked route's form, showing its start (a long body stays scrolled up).
  _focusForm() {
    const field = this.renderRoot.querySelector("#request input, #request textarea, #send");
    field?.focus();
    if (field?.tagName === "TEXTAREA") {
      field.setSelectionRange(0, 0);
      field.scrollTop = 0;
    }
  }

  /** Sends the selected route as the form describes it; resolves with the `demo-request` detail. */
  async send() {
    const route = this._selected;
    if (!route || this._state !== "ready" || this._sending) return null;
    const form = this.renderRoot.querySelector("#request");
    const values = (kind) =>
      Object.fromEntries([...form.querySelectorAll(`input[data-kind="${kind}"]`)].map((input) => [input.dataset.name, input.value.trim()]));
    const path = buildPath(route.path, values("path"), values("query"));
    const method = route.method === "*" ? "GET" : route.method;
    const headers = { accept: "application/json" };
    const prefer = preferHeader(this._code, this._example);
    if (prefer) headers.prefer = prefer;
    const init = { method, headers };
    const bodyField = form.querySelector("#body");
    if (bodyField && bodyField.value.trim() && BODY_METHODS.has(method)) {
      try {
        JSON.parse(bodyField.value);
      } catch (err) {
        this._answer = { error: `The body is not valid JSON: ${errorText(err)}` };
        return null;
      }
      init.body = bodyField.value;
      headers["content-type"] = "application/json";
    }
    this._sending = true;
    const started = performance.now();
    let detail;
    try {
      const response = await fetch(demoURL(this._prefix + path), init);
      const text = await response.text();
      detail = {
        service: this.service,
        method,
        path,
        prefer,
        status: response.status,
        statusText: response.statusText || REASONS[response.status] || "",
        headers: [...response.headers],
        body: text,
        source: parseSource(response.headers.get("x-demo-source")),
        ms: performance.now() - started,
      };
    } catch (err) {
      detail = { service: this.service, method, path, prefer, status: 0, error: errorText(err), ms: performance.now() - started };
    }
    this._sending = false;
    this._answer = detail;
    emit(this, "demo-request", detail);
    return detail;
  }

  static styles = [
    themeStyles,
    css`
      .layout {
        display: grid;
        grid-template-columns: minmax(14rem, 19rem) minmax(0, 1fr);
        gap: 1rem;
      }
      @media (max-width: 720px) {
        .layout {
          grid-template-columns: minmax(0, 1fr);
        }
        nav {
          max-height: 16rem;
        }
      }
      nav {
        border: 1px solid var(--_border);
        border-radius: 8px;
        overflow: auto;
        max-height: 34rem;
        background: var(--_surface);
      }
      nav input {
        width: calc(100% - 1rem);
        margin: 0.5rem;
      }
      nav h3 {
        margin: 0.4rem 0.6rem 0.2rem;
        font-size: 0.78rem;
        text-transform: uppercase;
        letter-spacing: 0.05em;
        color: var(--_muted);
      }
      nav ul {
        list-style: none;
        margin: 0 0 0.3rem;
        padding: 0;
      }
      nav li button {
        width: 100%;
        border: none;
        border-radius: 0;
        background: none;
        text-align: left;
        display: grid;
        grid-template-columns: 4.2rem minmax(0, 1fr);
        gap: 0.1rem 0.4rem;
        padding: 0.35rem 0.6rem;
      }
      nav li button[aria-current="true"] {
        background: color-mix(in srgb, var(--_accent) 14%, transparent);
        box-shadow: inset 3px 0 0 var(--_accent);
      }
      nav .path {
        font-family: var(--demo-mono, ui-monospace, Menlo, Consolas, monospace);
        font-size: 0.8rem;
        word-break: break-all;
      }
      nav .summary {
        grid-column: 2;
        font-size: 0.78rem;
        color: var(--_muted);
      }
      .method {
        display: inline-block;
        font: 700 0.68rem/1.6 var(--demo-mono, ui-monospace, Menlo, monospace);
        border-radius: 4px;
        padding: 0 0.3rem;
        text-align: center;
        color: var(--_bg);
        background: var(--_muted);
        align-self: start;
        min-width: 3.6rem;
      }
      .method.GET {
        background: var(--_get);
      }
      .method.POST {
        background: var(--_post);
      }
      .method.PUT {
        background: var(--_put);
      }
      .method.PATCH {
        background: var(--_patch);
      }
      .method.DELETE {
        background: var(--_delete);
      }
      form {
        display: grid;
        gap: 0.6rem;
        align-content: start;
      }
      .title {
        display: flex;
        gap: 0.5rem;
        align-items: baseline;
        flex-wrap: wrap;
      }
      .title code {
        font-size: 0.95rem;
        word-break: break-all;
      }
      fieldset {
        border: 1px solid var(--_border);
        border-radius: 8px;
        padding: 0.4rem 0.7rem 0.7rem;
        margin: 0;
        display: grid;
        gap: 0.4rem;
        grid-template-columns: minmax(6rem, max-content) minmax(0, 1fr);
        align-items: center;
      }
      legend {
        font-size: 0.85rem;
        font-weight: 600;
        padding: 0 0.3rem;
      }
      fieldset label {
        font-family: var(--demo-mono, ui-monospace, Menlo, monospace);
        font-size: 0.8rem;
        color: var(--_fg);
      }
      .full {
        grid-column: 1 / -1;
      }
      textarea {
        width: 100%;
        min-height: 8rem;
        resize: vertical;
      }
      .status {
        font-weight: 700;
      }
      .status.s2 {
        color: var(--_ok);
      }
      .status.s4,
      .status.s5 {
        color: var(--_error);
      }
      pre.body {
        background: var(--_surface);
        border: 1px solid var(--_border);
        border-radius: 6px;
        padding: 0.5rem 0.7rem;
        margin: 0.3rem 0 0;
        max-height: 24rem;
        overflow: auto;
        white-space: pre-wrap;
        word-break: break-word;
      }
      details summary {
        cursor: pointer;
        color: var(--_muted);
        font-size: 0.88rem;
      }
      dl.headers {
        display: grid;
        grid-template-columns: max-content minmax(0, 1fr);
        gap: 0.1rem 0.8rem;
        margin: 0.3rem 0 0;
        font-size: 0.8rem;
      }
      dl.headers dt {
        color: var(--_muted);
        font-family: var(--demo-mono, ui-monospace, Menlo, monospace);
      }
      dl.headers dd {
        margin: 0;
        word-break: break-all;
        font-family: var(--demo-mono, ui-monospace, Menlo, monospace);
      }
      .source {
        font-size: 0.88rem;
      }
    `,
  ];

  render() {
    return html`
      ${serviceHeader(this.heading || this.service || "Fixture explorer", this._adapter, this._adapter?.name, `${this._prefix}<route>`)}
      ${this._state === "unavailable"
        ? unavailableNotice(this._notice)
        : html`${this._notice ? html`<p class="notice" role="status">${this._notice}</p>` : nothing}
            <div class="layout">${this._renderRoutes()}${this._renderRequest()}</div>`}
    `;
  }

  _renderRoutes() {
    const needle = this._filter.toLowerCase();
    const groups = this._groups
      .map(([tag, routes]) => [tag, routes.filter((r) => !needle || `${r.method} ${r.path} ${r.summary}`.toLowerCase().includes(needle))])
      .filter(([, routes]) => routes.length);
    const count = this._groups.reduce((n, [, routes]) => n + routes.length, 0);
    return html`<nav aria-label="Routes of ${this.service}">
      <label class="sr-only" for="filter">Filter routes</label>
      <input id="filter" type="search" placeholder="Filter ${count} routes…" .value=${this._filter} @input=${(e) => (this._filter = e.target.value)} />
      ${groups.map(
        ([tag, routes]) => html`<h3 id="tag-${slug(tag)}">${tag}</h3>
          <ul aria-labelledby="tag-${slug(tag)}">
            ${routes.map(
              (r) => html`<li><button type="button" class="route" aria-current=${r === this._selected ? "true" : "false"} @click=${() => this._select(r)}>
                <span class="method ${r.method}">${r.method}</span><span class="path">${r.path}</span>
                ${r.summary ? html`<span class="summary">${r.summary}</span>` : nothing}</button></li>`,
            )}
          </ul>`,
      )}
      ${groups.length ? nothing : html`<p class="muted" style="padding:0 .6rem">No route matches.</p>`}
    </nav>`;
  }

  _renderRequest() {
    const route = this._selected;
    if (!route) return html`<p class="muted">This service defines no routes.</p>`;
    const pathParams = pathParameters(route);
    const queryParams = queryParameters(route);
    const codes = responseCodes(route);
    const names = this._code ? exampleNames(route, this._code) : codes.length ? exampleNames(route, codes.find((c) => /^2/.test(c)) ?? codes[0]) : [];
    const method = route.method === "*" ? "GET" : route.method;
    const key = `${route.method} ${route.path}`;
    return keyed(key, html`<form id="request" @submit=${(e) => (e.preventDefault(), this.send())} aria-label="Request">
      <div class="title"><span class="method ${method}">${method}</span><code>${route.path}</code></div>
      ${route.summary ? html`<div class="muted">${route.summary}</div>` : nothing}
      ${pathParams.length
        ? html`<fieldset><legend>Path parameters</legend>
            ${pathParams.map((p) => this._input("path", p, key))}</fieldset>`
        : nothing}
      ${queryParams.length
        ? html`<fieldset><legend>Query parameters</legend>
            ${queryParams.map((p) => this._input("query", p, key))}</fieldset>`
        : nothing}
      ${BODY_METHODS.has(method) && (route.requestBody || route.method !== "DELETE")
        ? html`<div><label for="body">JSON body${route.requestBody ? " (pre-filled from the schema's example)" : ""}</label>
            <textarea id="body" class="mono" spellcheck="false" .value=${bodyExample(this._document, route.requestBody)} data-route=${key}></textarea></div>`
        : nothing}
      ${codes.length
        ? html`<fieldset><legend>Answer (Prefer header)</legend>
            <label for="code">code=</label>
            <select id="code" @change=${(e) => ((this._code = e.target.value), (this._example = ""))}>
              <option value="" ?selected=${!this._code}>default (lowest 2xx)</option>
              ${codes.map((c) => html`<option value=${c} ?selected=${this._code === c}>${c}${route.responses[c]?.description ? ` – ${route.responses[c].description}` : ""}</option>`)}
            </select>
            ${names.length
              ? html`<label for="example">example=</label>
                  <select id="example" @change=${(e) => (this._example = e.target.value)}>
                    <option value="" ?selected=${!this._example}>first example</option>
                    ${names.map((n) => html`<option value=${n} ?selected=${this._example === n}>${n}</option>`)}
                  </select>`
              : nothing}</fieldset>`
        : route.fixture !== null
          ? html`<p class="muted">Answered by a recorded fixture (#${route.fixture}).</p>`
          : nothing}
      <div class="row">
        <button id="send" class="primary" type="submit" ?disabled=${this._state !== "ready" || this._sending}>${this._sending ? "Sending…" : "Send request"}</button>
        <code class="muted">${this._prefix}${route.path.replace(/^\//, "")}</code>
      </div>
      <div class="answer" aria-live="polite">${this._answer ? this._renderAnswer(this._answer) : nothing}</div>
    </form>`);
  }

  _input(kind, parameter, key) {
    const id = `${kind}-${parameter.name}`;
    return html`<label for=${id}>${parameter.name}${parameter.required ? html`<span aria-hidden="true"> *</span>` : ""}</label>
      <input id=${id} data-kind=${kind} data-name=${parameter.name} .value=${parameterExample(this._document, parameter)} data-route=${key}
        ?required=${Boolean(parameter.required)} aria-describedby=${parameter.description ? `${id}-help` : nothing} />
      ${parameter.description ? html`<span id="${id}-help" class="muted full" style="font-size:.78rem">${parameter.description}</span>` : nothing}`;
  }

  _renderAnswer(answer) {
    if (answer.error) return html`<p class="notice error" role="alert"><strong>Not sent.</strong> ${answer.error}</p>`;
    const band = `s${String(answer.status)[0]}`;
    return html`<div role="status" class="row">
        <span class="status ${band}">HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ""}</span>
        <span class="muted">in ${formatMs(answer.ms)}</span>
        ${answer.prefer ? html`<code class="muted">Prefer: ${answer.prefer}</code>` : nothing}
      </div>
      ${answer.source ? html`<p class="source"><span class="muted">Answered by:</span> <strong>${describeSource(answer.source)}</strong></p>` : nothing}
      <details><summary>${answer.headers.length} response headers</summary>
        <dl class="headers">${answer.headers.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl></details>
      <pre class="body" tabindex="0" aria-label="Response body">${pretty(answer.body) || html`<span class="muted">(empty body)</span>`}</pre>`;
  }
}

function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

async function readJSON(path) {
  if (!path) return null;
  const response = await fetch(demoURL(path));
  if (!response.ok) throw new Error(`cannot read ${path} (HTTP ${response.status})`);
  return response.json();
}

customElements.define("demo-fixture-explorer", DemoFixtureExplorer);
