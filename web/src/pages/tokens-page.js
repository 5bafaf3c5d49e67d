// API tokens: build a scoped token by resource and action in words ("Applications: see,
// change"), with the raw API routes and methods on demand; show its secret once with a
// copy button and a curl example, list (in the same words), revoke.
import { LitElement, css, html } from "lit";
import "@shoelace-style/shoelace/dist/components/alert/alert.js";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/checkbox/checkbox.js";
import "@shoelace-style/shoelace/dist/components/dialog/dialog.js";
import "@shoelace-style/shoelace/dist/components/input/input.js";
import "@shoelace-style/shoelace/dist/components/switch/switch.js";
import { confirmAction } from "../components/confirm.js";
import "../components/copy-button.js";
import "../components/empty-state.js";
import "../components/error.js";
import "../components/loading.js";
import "../components/page-header.js";
import { toast } from "../components/toast.js";
import { icon } from "../icons.js";
import { pageStyles } from "../theme.js";
import { createToken, loadTokens, revokeToken } from "../data/tokens.js";
import { inputs, states } from "../element-kit.js";
import { formatDateTime, has, locale, t } from "../i18n.js";

/** A route's resource ("apps" for the apps' cover route): its first segment after the API prefix. */
export function groupOf(route) {
  return route.split("/")[2]?.replace(/[{}]/g, "") || "other";
}

const key = (path, method) => `${method} ${path}`;

// Resources in words (the first path segment after /api): resource.<segment> in the
// catalogues; any other shows capitalised.
// What each HTTP method lets a token do, in words.
const ACTIONS = [
  // (Their words: action.<id> in the catalogues.)
  { id: "see", methods: ["GET", "HEAD"] },
  { id: "change", methods: ["POST", "PUT", "PATCH"] },
  { id: "remove", methods: ["DELETE"] },
];

export function resourceName(group) {
  return has(`resource.${group}`) ? t(`resource.${group}`) : group.charAt(0).toUpperCase() + group.slice(1).replaceAll("-", " ");
}

export class HelioTokensPage extends LitElement {
  static properties = {
    ...inputs("api", "params"),
    ...states(
      "catalogue", "tokens", "selected", "search", "error", "createError", "creating", "secret", "showRoutes",
    ),
  };

  static styles = [
    pageStyles,
    css`
      .builder-head {
        display: flex;
        flex-wrap: wrap;
        gap: var(--sl-spacing-small);
        align-items: end;
        justify-content: space-between;
        margin-bottom: var(--sl-spacing-medium);
      }
      .builder-head sl-input {
        flex: 1 1 16rem;
      }
      .groups {
        max-height: 30rem;
        overflow-y: auto;
        padding: 0 var(--sl-spacing-small);
        border: 1px solid var(--helio-border);
        border-radius: var(--sl-border-radius-medium);
      }
      /* One compact list: a group row (select it all at once), then its routes. */
      fieldset {
        border: none;
        border-bottom: 1px solid var(--helio-border);
        margin: 0;
        padding: var(--sl-spacing-2x-small) 0 var(--sl-spacing-x-small);
      }
      fieldset:last-child {
        border-bottom: none;
      }
      legend {
        padding: var(--sl-spacing-x-small) 0 0;
        font-weight: var(--sl-font-weight-semibold);
        float: left;
        width: 100%;
      }
      legend + * {
        clear: both;
      }
      .route {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium);
        padding: var(--sl-spacing-3x-small) 0 var(--sl-spacing-3x-small) 1.75rem;
      }
      .route:hover {
        background: var(--helio-surface-2);
      }
      .route code {
        font-size: var(--sl-font-size-small);
        overflow-wrap: anywhere;
      }
      .methods {
        display: flex;
        gap: var(--sl-spacing-small);
      }
      .create {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: var(--sl-spacing-small);
        margin-top: var(--sl-spacing-medium);
      }
      .secret {
        display: flex;
        align-items: center;
        gap: var(--sl-spacing-x-small);
        background: var(--helio-surface-2);
        border-radius: var(--sl-border-radius-medium);
        padding: var(--sl-spacing-x-small) var(--sl-spacing-small);
      }
      .secret code {
        flex: 1;
        overflow-wrap: anywhere;
      }
      pre {
        white-space: pre-wrap;
        overflow-wrap: anywhere;
        background: var(--helio-surface-2);
        border-radius: var(--sl-border-radius-medium);
        padding: var(--sl-spacing-small);
        font-size: var(--sl-font-size-x-small);
        margin: 0;
      }
      sl-dialog::part(panel) {
        background: var(--helio-surface);
      }
      sl-dialog {
        --width: min(40rem, 95vw);
      }
      .actions-in-words {
        display: flex;
        flex-wrap: wrap;
        gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium);
        margin: var(--sl-spacing-2x-small) 0 var(--sl-spacing-x-small) var(--sl-spacing-large);
      }
      .scopes {
        display: flex;
        flex-wrap: wrap;
        gap: var(--sl-spacing-3x-small);
      }
    `,
  ];

  constructor() {
    super();
    this.selected = new Set();
    this.search = "";
    this.showRoutes = false;
  }

  connectedCallback() {
    super.connectedCallback();
    this.load();
  }

  async load() {
    try {
      [this.catalogue, this.tokens] = await loadTokens(this.api);
      this.error = null;
    } catch (error) {
      this.error = error;
    }
  }

  visible() {
    const words = this.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const text = (r) => `${resourceName(groupOf(r.route))} ${r.route} ${r.methods.join(" ")}`.toLowerCase();
    return this.catalogue.filter((r) => words.every((w) => text(r).includes(w)));
  }

  toggle(keys, on) {
    const next = new Set(this.selected);
    for (const k of keys) on ? next.add(k) : next.delete(k);
    this.selected = next;
  }

  scopes() {
    return this.catalogue
      .map((r) => ({ path: r.path, methods: r.methods.filter((m) => this.selected.has(key(r.path, m))) }))
      .filter((s) => s.methods.length);
  }

  async create() {
    const scopes = this.scopes();
    this.createError = null;
    if (!scopes.length) {
      this.createError = t("tokens.pickOne");
      return;
    }
    this.creating = true;
    try {
      const answer = await createToken(this.api, scopes);
      this.secret = { token: answer.token, scopes };
      this.selected = new Set();
      await this.load();
      await this.updateComplete;
      this.renderRoot.querySelector("sl-dialog").show();
    } catch (error) {
      this.createError = error;
    } finally {
      this.creating = false;
    }
  }

  async revoke(token) {
    const ok = await confirmAction({
      heading: t("tokens.revokeHeading"),
      message: t("tokens.revokeMessage", { hash: token.hash.slice(0, 12) }),
      confirmLabel: t("sessions.revoke"),
    });
    if (!ok) return;
    try {
      await revokeToken(this.api, token.hash);
      toast(this, "success", t("tokens.revoked"));
      await this.load();
    } catch (error) {
      this.error = error;
    }
  }

  render() {
    return html`<helio-page-header
        heading=${t("route.tokens")}
        subtitle=${t("tokens.subtitle")}
      ></helio-page-header>
      <div class="stack">
        <helio-error .error=${this.error} retry @retry=${() => this.load()}></helio-error>
        ${this.catalogue ? html`${this.renderBuilder()} ${this.renderList()}` : this.error ? "" : html`<helio-loading></helio-loading>`}
      </div>
      ${this.renderSecret()}`;
  }

  renderBuilder() {
    const visible = this.visible();
    const groups = [...new Set(visible.map((r) => groupOf(r.route)))];
    const count = this.selected.size;
    return html`<section class="card" aria-labelledby="builder-title">
      <h2 id="builder-title">${t("tokens.new")}</h2>
      <div class="builder-head">
        <sl-input
          type="search"
          label=${t("tokens.find")}
          placeholder=${t("tokens.findPlaceholder")}
          clearable
          .value=${this.search}
          @sl-input=${(e) => (this.search = e.target.value)}
          @sl-clear=${() => (this.search = "")}
          ><span slot="prefix">${icon("search")}</span></sl-input
        >
        <sl-button @click=${() => this.toggle(visible.flatMap((r) => r.methods.includes("GET") ? [key(r.path, "GET")] : []), true)}
          >${icon("eye")} ${t("tokens.seeAll")}</sl-button
        >
        <sl-switch id="show-routes" ?checked=${this.showRoutes} @sl-change=${(e) => (this.showRoutes = e.target.checked)}
          >${t("tokens.showRoutes")}</sl-switch>
      </div>
      <div class="groups" role="group" aria-label=${t("tokens.mayDo")}>
        ${groups.length
          ? groups.map((g) => this.renderGroup(g, visible.filter((r) => groupOf(r.route) === g)))
          : html`<p class="muted">${t("tokens.noMatch", { search: this.search })}</p>`}
      </div>
      <div class="create">
        <span class="muted small" role="status" id="selection-count"
          >${count ? t("tokens.selected", { count }) : t("tokens.nothingSelected")}</span
        >
        <sl-button variant="primary" id="create-token" ?loading=${this.creating} @click=${() => this.create()}
          >${icon("plus")} ${t("tokens.create")}</sl-button
        >
      </div>
      <helio-error .error=${this.createError}></helio-error>
    </section>`;
  }

  renderGroup(group, routes) {
    const keys = routes.flatMap((r) => r.methods.map((m) => key(r.path, m)));
    const on = keys.filter((k) => this.selected.has(k)).length;
    const name = resourceName(group);
    return html`<fieldset data-group=${group}>
      <legend>
        <sl-checkbox
          class="group-toggle"
          ?checked=${on === keys.length}
          ?indeterminate=${on > 0 && on < keys.length}
          @sl-change=${(e) => this.toggle(keys, e.target.checked)}
          >${name}<span class="visually-hidden">${t("tokens.everything")}</span></sl-checkbox
        >
      </legend>
      <div class="actions-in-words">
        ${ACTIONS.map((action) => {
          const these = routes.flatMap((r) => r.methods.filter((m) => action.methods.includes(m)).map((m) => key(r.path, m)));
          if (!these.length) return "";
          const picked = these.filter((k) => this.selected.has(k)).length;
          return html`<sl-checkbox size="small" data-action=${action.id} ?checked=${picked === these.length}
            ?indeterminate=${picked > 0 && picked < these.length} @sl-change=${(e) => this.toggle(these, e.target.checked)}
            >${t(`action.${action.id}`)}<span class="visually-hidden"> ${name}</span></sl-checkbox>`;
        })}
      </div>
      ${this.showRoutes ? this.renderRoutes(routes) : ""}
    </fieldset>`;
  }

  renderRoutes(routes) {
    return html`${routes.map(
        (r) => html`<div class="route" data-route=${r.route}>
          <code>${r.route}</code>
          <span class="methods">
            ${r.methods.map(
              (m) => html`<sl-checkbox
                size="small"
                data-method=${m}
                ?checked=${this.selected.has(key(r.path, m))}
                @sl-change=${(e) => this.toggle([key(r.path, m)], e.target.checked)}
                >${m}<span class="visually-hidden"> ${r.route}</span></sl-checkbox
              >`,
            )}
          </span>
        </div>`,
      )}`;
  }

  /** A token's scopes in words: "Applications: see, change", grouped by resource. */
  scopeWords(scopes) {
    const byGroup = new Map();
    for (const scope of scopes) {
      const entry = this.catalogue?.find((r) => r.path === scope.path);
      const group = resourceName(groupOf(entry?.route ?? scope.path));
      const actions = byGroup.get(group) ?? new Set();
      for (const action of ACTIONS) if (scope.methods.some((m) => action.methods.includes(m))) actions.add(t(`action.${action.id}`).toLocaleLowerCase(locale()));
      byGroup.set(group, actions);
    }
    return [...byGroup].map(([group, actions]) => `${group}: ${[...actions].join(", ")}`);
  }

  renderList() {
    return html`<section aria-labelledby="list-title" class="stack">
      <h2 id="list-title">${t("tokens.existing")}</h2>
      ${this.tokens.length
        ? html`<div class="table-wrap">
            <table class="data stack-on-phone" id="tokens">
              <thead>
                <tr><th scope="col">${t("tokens.col.token")}</th><th scope="col">${t("tokens.col.may")}</th><th scope="col">${t("tokens.col.created")}</th><th scope="col"><span class="visually-hidden">${t("common.actions")}</span></th></tr>
              </thead>
              <tbody>
                ${this.tokens.map(
                  (token) => html`<tr data-hash=${token.hash}>
                    <td data-label=${t("tokens.col.token")}><code>${token.hash.slice(0, 12)}…</code><div class="muted small">${token.owner}</div></td>
                    <td data-label=${t("tokens.col.may")}>
                      <div class="scopes">${this.scopeWords(token.scopes).map((scope) => html`<span class="badge">${scope}</span>`)}</div>
                      ${this.showRoutes
                        ? html`<div class="muted small raw-scopes">${token.scopes.map((s) => {
                            const entry = this.catalogue.find((r) => r.path === s.path);
                            return html`<div><code>${s.methods.join(", ")} ${entry?.route ?? s.path}</code></div>`;
                          })}</div>`
                        : ""}
                    </td>
                    <td data-label=${t("tokens.col.created")}>${formatDateTime(token.created_at)}</td>
                    <td class="actions">
                      <sl-button size="small" variant="danger" outline @click=${() => this.revoke(token)}
                        >${icon("trash-2")} ${t("sessions.revoke")}<span class="visually-hidden"> ${t("tokens.revokeNamed", { hash: token.hash.slice(0, 12) })}</span></sl-button
                      >
                    </td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </div>`
        : html`<helio-empty-state icon="key-round" heading=${t("tokens.none")}>
            ${t("tokens.noneBody")}
          </helio-empty-state>`}
    </section>`;
  }

  renderSecret() {
    const secret = this.secret;
    const example = secret ? curlExample(this.api, secret) : "";
    return html`<sl-dialog label=${t("tokens.yourNew")} @sl-after-hide=${() => (this.secret = null)}>
      ${secret
        ? html`<div class="stack">
            <sl-alert variant="warning" open><span slot="icon">${icon("triangle-alert")}</span>${t("tokens.copyNow")}</sl-alert>
            <div class="secret"><code id="secret">${secret.token}</code><helio-copy-button .value=${secret.token} label=${t("tokens.copyToken")}></helio-copy-button></div>
            <div>
              <p class="small muted">${t("tokens.tryIt")}</p>
              <div class="secret"><pre id="curl">${example}</pre><helio-copy-button .value=${example} label=${t("tokens.copyCommand")}></helio-copy-button></div>
            </div>
          </div>`
        : ""}
      <sl-button slot="footer" variant="primary" @click=${() => this.renderRoot.querySelector("sl-dialog").hide()}>${t("tokens.saved")}</sl-button>
    </sl-dialog>`;
  }
}
customElements.define("helio-tokens-page", HelioTokensPage);

function curlExample(api, { token, scopes }) {
  const scope = scopes.find((s) => s.methods.includes("GET") && !/[\\{(]/.test(s.path)) ?? scopes[0];
  const method = scope.methods.includes("GET") ? "" : ` -X ${scope.methods[0]}`;
  const origin = api.base || location.origin;
  return `curl --cacert cert.pem${method} -H "Authorization: Bearer ${token}" ${origin}${scope.path.replaceAll("\\", "")}`;
}
