// Applications: the list clients see, with covers; add, edit, delete, reorder (drag and
// drop, or Alt+Arrow keys and the move buttons), launch and close with the running state.
import { LitElement, html, css, nothing } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/tooltip/tooltip.js";
import { pageStyles } from "../theme.js";
import { icon } from "../icons.js";
import "../components/loading.js";
import "../components/page-header.js";
import "../components/empty-state.js";
import "../components/error.js";
import { confirmAction } from "../components/confirm.js";
import "./app-editor.js";
import { Actions } from "./page-kit.js";
import { appCoverPath, closeApp, deleteApp, launchApp, listApps, reorderApps } from "../data/apps.js";
import { inputs, states } from "../element-kit.js";
import { t } from "../i18n.js";

const POLL_MS = 5000;

export class HelioAppsPage extends Actions(LitElement) {
  static properties = {
    ...inputs("api", "params"),
    ...states("apps", "current", "covers", "dragged", "announcement"),
  };

  static styles = [
    pageStyles,
    css`
      ol { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--sl-spacing-small); }
      li { display: grid; grid-template-columns: auto 4rem 1fr auto; gap: var(--sl-spacing-medium);
           align-items: center; padding: var(--sl-spacing-small) var(--sl-spacing-medium);
           background: var(--helio-surface); border: 1px solid var(--helio-border);
           border-radius: var(--sl-border-radius-large); }
      li:focus-visible { outline: var(--sl-focus-ring); outline-offset: 2px; }
      li.running { border-color: var(--sl-color-success-500); box-shadow: inset 4px 0 0 var(--sl-color-success-500); }
      li.dragging { opacity: 0.5; }
      li.drop-target { border-color: var(--sl-color-primary-600); border-style: dashed; }
      .grip { cursor: grab; color: var(--sl-color-neutral-500); display: grid; place-items: center; }
      .grip svg { width: 1.25rem; height: 1.25rem; }
      .cover { width: 4rem; aspect-ratio: 2 / 3; border-radius: var(--sl-border-radius-medium); object-fit: cover;
               background: linear-gradient(135deg, var(--sl-color-primary-100), var(--sl-color-neutral-200));
               display: grid; place-items: center; color: var(--sl-color-primary-700); font-weight: 700; font-size: 1.4rem; }
      .about { min-width: 0; }
      .name { font-weight: 600; font-size: var(--sl-font-size-medium); display: flex; gap: var(--sl-spacing-x-small);
              align-items: center; flex-wrap: wrap; }
      .cmd { font-family: var(--sl-font-mono); font-size: var(--sl-font-size-small); color: var(--helio-muted);
             overflow: hidden; text-overflow: ellipsis; white-space: nowrap; margin-top: var(--sl-spacing-3x-small); }
      .actions { display: flex; gap: var(--sl-spacing-2x-small); align-items: center; flex-wrap: wrap; justify-content: end; }
      .move { display: flex; flex-direction: column; }
      .hint { color: var(--helio-muted); font-size: var(--sl-font-size-small); margin: var(--sl-spacing-small) 0 0; }
      @media (max-width: 700px) {
        li { grid-template-columns: auto 3rem 1fr; }
        .cover { width: 3rem; font-size: 1rem; }
        .actions { grid-column: 1 / -1; justify-content: start; }
      }
    `,
  ];

  constructor() {
    super();
    this.apps = null;
    this.current = "";
    this.covers = {};
    this.dragged = null;
    this.announcement = "";
  }

  connectedCallback() {
    super.connectedCallback();
    this.load();
    // An app can end by itself (or be closed from a client): keep the running state true.
    this.poller = setInterval(() => this.pollRunning(), POLL_MS);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    clearInterval(this.poller);
    Object.values(this.covers).forEach((url) => url && URL.revokeObjectURL(url));
  }

  async load() {
    await this.act("load", async () => this.show(await listApps(this.api)));
  }

  async pollRunning() {
    if (this.busy || this.apps === null) return;
    try {
      this.current = (await listApps(this.api)).current_app || "";
      if (this.errors.poll) this.errors = { ...this.errors, poll: null };
    } catch (error) {
      this.errors = { ...this.errors, poll: error };
    }
  }

  show(listing) {
    this.apps = listing.apps;
    this.current = listing.current_app || "";
    this.loadCovers();
  }

  /** Covers come through the API client (so bearer auth works too); a 404 means none. */
  async loadCovers() {
    for (const app of this.apps) {
      const key = `${app.uuid}:${app["image-path"]}`;
      if (key in this.covers || !app["image-path"] || app["has-cover"] === false) continue;
      this.covers = { ...this.covers, [key]: "" };
      const blob = await this.api.blob(appCoverPath(app.uuid)).catch(() => null);
      if (blob) this.covers = { ...this.covers, [key]: URL.createObjectURL(blob) };
    }
  }

  get editor() {
    return this.shadowRoot.querySelector("helio-app-editor");
  }

  async edit(app) {
    const saved = await this.editor.edit(app);
    if (!saved) return;
    this.announce(t(app ? "apps.saved" : "apps.added", { name: saved.name }));
    await this.load();
  }

  // Not remove(): that would shadow Element.remove, which Lit calls when the page is left.
  async deleteApp(app) {
    const sure = await confirmAction({
      heading: t("apps.deleteHeading", { name: app.name }),
      message: t("apps.deleteMessage"),
      confirmLabel: t("common.delete"),
    });
    if (!sure) return;
    await this.act(`delete:${app.uuid}`, () => deleteApp(this.api, app.uuid), {
      area: "list",
      success: t("apps.deleted", { name: app.name }),
    });
    await this.load();
  }

  async launch(app) {
    const done = await this.act(`launch:${app.uuid}`, () => launchApp(this.api, app.uuid), {
      area: "list",
      success: t("apps.running", { name: app.name }),
    });
    if (done) this.announce(`${t("apps.running", { name: app.name })}.`);
    await this.load();
  }

  async close(app) {
    const done = await this.act(`close:${app.uuid}`, () => closeApp(this.api), {
      area: "list",
      success: t("apps.closed", { name: app.name }),
    });
    if (done) this.announce(`${t("apps.closed", { name: app.name })}.`);
    await this.load();
  }

  /** Move `app` to `index`; shown at once, then the host's answer is the list shown. */
  async move(app, index, focus = false) {
    const from = this.apps.indexOf(app);
    if (index < 0 || index >= this.apps.length || index === from) return;
    const before = this.apps;
    const order = [...before];
    order.splice(from, 1);
    order.splice(index, 0, app);
    this.apps = order;
    this.announce(t("apps.moved", { name: app.name, position: index + 1, total: order.length }));
    if (focus) this.updateComplete.then(() => this.shadowRoot.querySelector(`li[data-uuid="${app.uuid}"]`)?.focus());
    const answer = await this.act(
      "reorder",
      () => reorderApps(this.api, order.map((a) => a.uuid)),
      { area: "list" },
    );
    if (answer) this.show(answer);
    else this.apps = before;
  }

  onKey(event, app) {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    this.move(app, this.apps.indexOf(app) + (event.key === "ArrowUp" ? -1 : 1), true);
  }

  onDrop(event, target) {
    event.preventDefault();
    const app = this.dragged;
    this.dragged = null;
    this.dropTarget = null;
    if (app && app !== target) this.move(app, this.apps.indexOf(target));
  }

  announce(message) {
    this.announcement = message;
  }

  renderCover(app) {
    const url = this.covers[`${app.uuid}:${app["image-path"]}`];
    return url
      ? html`<img class="cover" src=${url} alt="" />`
      : html`<div class="cover" aria-hidden="true">${(app.name || "?").slice(0, 1).toUpperCase()}</div>`;
  }

  renderApp(app, index) {
    const running = this.current === app.uuid;
    const other = this.current && !running;
    const busy = (what) => this.isBusy(`${what}:${app.uuid}`);
    return html`<li
      data-uuid=${app.uuid}
      class="${running ? "running" : ""} ${this.dragged === app ? "dragging" : ""} ${this.dropTarget === app ? "drop-target" : ""}"
      tabindex="0"
      aria-label="${app.name}, ${index + 1} of ${this.apps.length}${running ? ", running" : ""}"
      aria-describedby="reorder-hint"
      draggable="true"
      @keydown=${(event) => this.onKey(event, app)}
      @dragstart=${(event) => {
        this.dragged = app;
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", app.uuid);
      }}
      @dragend=${() => {
        this.dragged = null;
        this.dropTarget = null;
        this.requestUpdate();
      }}
      @dragover=${(event) => {
        event.preventDefault();
        if (this.dropTarget !== app) {
          this.dropTarget = app;
          this.requestUpdate();
        }
      }}
      @drop=${(event) => this.onDrop(event, app)}
    >
      <span class="grip" aria-hidden="true">${icon("grip-vertical")}</span>
      ${this.renderCover(app)}
      <div class="about">
        <div class="name">
          <span>${app.name}</span>
          ${running ? html`<span class="badge success">${t("apps.badgeRunning")}</span>` : nothing}
          ${app.autosync ? html`<span class="badge neutral">${t("apps.imported")}</span>` : nothing}
        </div>
        <div class="cmd" title=${app.cmd}>${app.cmd || t("apps.desktop")}</div>
      </div>
      <div class="actions">
        ${running
          ? html`<sl-button size="small" variant="warning" ?loading=${busy("close")} @click=${() => this.close(app)}>
              ${icon("square")} ${t("apps.close")}</sl-button>`
          : html`<sl-button size="small" variant="success" outline ?disabled=${other} ?loading=${busy("launch")}
              title=${other ? t("apps.closeFirst") : ""} @click=${() => this.launch(app)}>
              ${icon("play")} ${t("apps.launch")}</sl-button>`}
        <sl-button size="small" @click=${() => this.edit(app)}>${icon("pencil")} ${t("common.edit")}<span class="visually-hidden"> ${app.name}</span></sl-button>
        <sl-button size="small" variant="danger" outline ?loading=${busy("delete")} @click=${() => this.deleteApp(app)}
          >${icon("trash-2")}<span class="visually-hidden">${t("apps.deleteNamed", { name: app.name })}</span></sl-button>
        <span class="move">
          <sl-button size="small" variant="text" ?disabled=${index === 0} @click=${() => this.move(app, index - 1, true)}
            >${icon("chevron-up")}<span class="visually-hidden">${t("apps.moveUp", { name: app.name })}</span></sl-button>
          <sl-button size="small" variant="text" ?disabled=${index === this.apps.length - 1} @click=${() => this.move(app, index + 1, true)}
            >${icon("chevron-down")}<span class="visually-hidden">${t("apps.moveDown", { name: app.name })}</span></sl-button>
        </span>
      </div>
    </li>`;
  }

  renderList() {
    if (this.apps === null) {
      return this.errors.load ? nothing : html`<helio-loading label=${t("apps.loading")}></helio-loading>`;
    }
    if (!this.apps.length) {
      return html`<helio-empty-state icon="layout-grid" heading=${t("apps.emptyHeading")}>${t("apps.emptyBody")}
        <sl-button slot="action" variant="primary" @click=${() => this.edit(null)}>${icon("plus")} ${t("apps.addAn")}</sl-button>
      </helio-empty-state>`;
    }
    return html`<ol aria-label=${t("apps.listLabel")}>
        ${this.apps.map((app, index) => this.renderApp(app, index))}
      </ol>
      <p class="hint" id="reorder-hint">${t("apps.reorderHint")}</p>`;
  }

  render() {
    return html`<helio-page-header heading=${t("route.apps")}
        subtitle=${t("apps.subtitle")}>
        <sl-button slot="actions" variant="primary" @click=${() => this.edit(null)}>${icon("plus")} ${t("apps.add")}</sl-button>
      </helio-page-header>
      <helio-error .error=${this.errors.load}></helio-error>
      <helio-error .error=${this.errors.list}></helio-error>
      <helio-error .error=${this.errors.poll} heading=${t("apps.pollError")}></helio-error>
      <div role="status" aria-live="polite" class="visually-hidden">${this.announcement}</div>
      ${this.renderList()}
      <helio-app-editor .api=${this.api}></helio-app-editor>`;
  }
}
customElements.define("helio-apps-page", HelioAppsPage);
