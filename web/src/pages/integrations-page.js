// Integrations: the game store (Steam) and the game-library manager (Lutris) as the host
// finds them: status, games, sync into the app list, launch, install and uninstall.
import { LitElement, html, css, nothing } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/input/input.js";
import "@shoelace-style/shoelace/dist/components/select/select.js";
import "@shoelace-style/shoelace/dist/components/option/option.js";
import { pageStyles } from "../theme.js";
import { icon } from "../icons.js";
import "../components/loading.js";
import "../components/page-header.js";
import "../components/empty-state.js";
import "../components/error.js";
import { confirmAction } from "../components/confirm.js";
import { Actions, ago, formatBytes, simulatedNote, simulatedNoteStyles } from "./page-kit.js";
import { purgeAutosynced } from "../data/apps.js";
import {
  gameAction,
  libraryCategories,
  libraryGames,
  libraryStatus,
  openLibraryManager,
  syncLibrary,
} from "../data/integrations.js";
import { inputs, states } from "../element-kit.js";
import { t, words } from "../i18n.js";

const LIBRARIES = {
  storefront: { title: () => t("integr.storefront"), icon: "store", setting: "steam_root", program: "steam" },
  libmgr: { title: () => t("integr.libmgr"), icon: "library", setting: "lutris_root", program: "lutris" },
};

export class HelioIntegrationsPage extends Actions(LitElement) {
  static properties = {
    ...inputs("api", "params"),
    ...states("status", "games", "categories", "category", "search"),
  };

  static styles = [
    pageStyles,
    simulatedNoteStyles,
    css`
      section.library { margin-block: var(--sl-spacing-x-large); display: grid; gap: var(--sl-spacing-medium); }
      h2 { font-size: var(--sl-font-size-large); margin: 0; display: flex; gap: var(--sl-spacing-small); align-items: center; flex-wrap: wrap; }
      .card { background: var(--helio-surface); border: 1px solid var(--helio-border);
              border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-medium); display: grid; gap: var(--sl-spacing-small); }
      /* Grid items may shrink below their content: a wide table scrolls in its wrapper, not the page. */
      section.library > *, .card > * { min-width: 0; }
      .facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 10rem), 1fr)); gap: var(--sl-spacing-small); }
      .fact .label { color: var(--helio-muted); font-size: var(--sl-font-size-small); }
      .fact .value { font-weight: 600; overflow-wrap: anywhere; }
      .fact .value.mono { font-family: var(--sl-font-mono); font-weight: 400; font-size: var(--sl-font-size-small); }
      p { margin: 0; }
      .actions { display: flex; gap: var(--sl-spacing-x-small); flex-wrap: wrap; align-items: end; }
      .filters { display: flex; gap: var(--sl-spacing-small); flex-wrap: wrap; align-items: end; }
      .filters sl-input { flex: 1 1 12rem; }
      .filters sl-select { width: 12rem; }
      table { border-collapse: collapse; width: 100%; }
      th, td { text-align: left; padding: var(--sl-spacing-x-small) var(--sl-spacing-small); border-bottom: 1px solid var(--helio-border); vertical-align: middle; }
      th { font-size: var(--sl-font-size-small); color: var(--helio-muted); font-weight: 600; }
      td.end { text-align: right; white-space: nowrap; }
      .sub { color: var(--helio-muted); font-size: var(--sl-font-size-small); }
      .table-wrap { overflow-x: auto; }
      @media (max-width: 600px) { .wide { display: none; } }
    `,
  ];

  constructor() {
    super();
    this.status = {};
    this.games = {};
    this.categories = [];
    this.category = "";
    this.search = { storefront: "", libmgr: "" };
  }

  connectedCallback() {
    super.connectedCallback();
    this.load("storefront");
    this.load("libmgr");
  }

  async load(which) {
    await this.act(`load:${which}`, async () => {
      const status = await libraryStatus(this.api, which);
      this.status = { ...this.status, [which]: status };
      if (!status.installed) return;
      const listing = await libraryGames(this.api, which);
      this.games = { ...this.games, [which]: listing };
      if (which === "libmgr") this.categories = await libraryCategories(this.api);
    });
  }

  async sync(which) {
    const done = await this.act(`sync:${which}`, () => syncLibrary(this.api, which), {
      area: which,
      success: (r) => t("integr.synced", { imported: r.imported, updated: r.updated, removed: r.removed }),
    });
    if (done) await this.load(which);
  }

  async gameAction(which, action, game, body, success) {
    const done = await this.act(`${action}:${which}:${game.id}`, () => gameAction(this.api, which, action, body), {
      area: `game:${which}:${game.id}`,
      success,
    });
    if (done && action !== "launch") await this.load(which);
  }

  async purge() {
    const sure = await confirmAction({
      heading: t("integr.purgeHeading"),
      message: t("integr.purgeMessage"),
      confirmLabel: t("integr.purge"),
    });
    if (!sure) return;
    await this.act("purge", () => purgeAutosynced(this.api), {
      area: "purge",
      success: (r) => t("integr.purged", { count: r.purged.length }),
    });
  }

  renderFacts(which, status) {
    const sync = status.last_sync;
    return html`<div class="facts">
      <div class="fact"><div class="label">${t("integr.library")}</div><div class="value mono">${status.path ?? "—"}</div></div>
      <div class="fact"><div class="label">${t("integr.program")}</div><div class="value mono">${status.client ?? t("integr.notFound")}</div></div>
      <div class="fact"><div class="label">${t("integr.games")}</div><div class="value" data-count>${status.game_count ?? t("integr.unreadable")}${
        status.installed_count != null ? html` <span class="sub">${t("integr.installedCount", { count: status.installed_count })}</span>` : nothing}</div></div>
      <div class="fact"><div class="label">${t("integr.lastSync")}</div><div class="value">${sync
        ? html`${ago(sync.at)} <span class="sub">· ${t("integr.syncCounts", { imported: sync.imported, updated: sync.updated, removed: sync.removed })}</span>`
        : t("integr.never")}</div></div>
    </div>
    ${status.error ? html`<p class="sub">${status.error}</p>` : nothing}`;
  }

  renderGameRow(which, game) {
    const busy = (action) => this.isBusy(`${action}:${which}:${game.id}`);
    const areaError = this.errors[`game:${which}:${game.id}`];
    const canLaunch = which === "storefront";
    return html`<tr data-game=${game.id}>
        <td>${game.name}${game.year ? html` <span class="sub">(${game.year})</span>` : nothing}
          ${which === "libmgr" && game.runner ? html`<div class="sub">${game.runner}${game.categories?.length ? ` · ${game.categories.join(", ")}` : ""}</div>` : nothing}</td>
        <td><span class="badge ${game.installed ? "success" : "neutral"}">${game.installed ? t("integr.installed") : t("integr.notInstalled")}</span></td>
        <td class="wide sub">${which === "storefront" ? formatBytes(game.size_on_disk) : game.playtime ? t("integr.played", { count: game.playtime }) : ""}</td>
        <td class="end">
          ${canLaunch
            ? html`<sl-button size="small" variant="success" outline ?disabled=${!game.installed} ?loading=${busy("launch")}
                @click=${() => this.gameAction(which, "launch", game, { appid: game.id }, t("integr.starting", { name: game.name }))}>${icon("play")} ${t("apps.launch")}<span class="visually-hidden"> ${game.name}</span></sl-button>`
            : game.installed
              ? html`<sl-button size="small" variant="danger" outline ?loading=${busy("uninstall")}
                  @click=${() => this.gameAction(which, "uninstall", game, { libmgr_id: game.id }, t("integr.uninstalling", { name: game.name }))}>${icon("trash-2")} ${t("integr.uninstall")}<span class="visually-hidden"> ${game.name}</span></sl-button>`
              : html`<sl-button size="small" variant="primary" outline ?loading=${busy("install")}
                  @click=${() => this.gameAction(which, "install", game, { libmgr_id: game.id }, t("integr.installing", { name: game.name }))}>${icon("download")} ${t("integr.install")}<span class="visually-hidden"> ${game.name}</span></sl-button>`}
        </td>
      </tr>
      ${areaError ? html`<tr><td colspan="4"><helio-error .error=${areaError}></helio-error></td></tr>` : nothing}`;
  }

  renderGames(which) {
    const listing = this.games[which];
    if (!listing) return nothing;
    const needle = this.search[which].toLowerCase();
    const games = listing.games.filter(
      (g) =>
        (!needle || g.name.toLowerCase().includes(needle)) &&
        (which !== "libmgr" || !this.category || (g.categories ?? []).includes(this.category)),
    );
    return html`<div class="card">
      <div class="filters">
        <sl-input label=${t("integr.findGame")} type="search" clearable .value=${this.search[which]}
          @sl-input=${(e) => (this.search = { ...this.search, [which]: e.target.value })}></sl-input>
        ${which === "libmgr" && this.categories.length
          ? html`<sl-select label=${t("integr.category")} .value=${this.category || "all"}
              @sl-change=${(e) => (this.category = e.target.value === "all" ? "" : e.target.value)}>
              <sl-option value="all">${t("integr.allCategories")}</sl-option>
              ${this.categories.map((c) => html`<sl-option value=${c.name}>${c.name} (${c.games})</sl-option>`)}
            </sl-select>`
          : nothing}
      </div>
      ${listing.problems?.length ? html`<p class="sub">${t("integr.problems", { count: listing.problems.length, list: listing.problems.join("; ") })}</p>` : nothing}
      ${games.length
        ? html`<div class="table-wrap"><table aria-label=${t("integr.gamesOf", { library: LIBRARIES[which].title() })}>
            <thead><tr><th>${t("integr.game")}</th><th>${t("integr.state")}</th><th class="wide">${which === "storefront" ? t("integr.size") : t("integr.playedCol")}</th><th class="end"><span class="visually-hidden">${t("common.actions")}</span></th></tr></thead>
            <tbody>${games.map((g) => this.renderGameRow(which, g))}</tbody>
          </table></div>`
        : html`<p>${listing.games.length ? t("integr.noMatch") : t("integr.noGames", { product: listing.product ?? t("integr.theProgram") })}</p>`}
    </div>`;
  }

  renderLibrary(which) {
    const meta = LIBRARIES[which];
    const status = this.status[which];
    const loadError = this.errors[`load:${which}`];
    return html`<section class="library" aria-labelledby="h-${which}" data-library=${which}>
      <h2 id="h-${which}">${icon(meta.icon)} ${meta.title()}${status?.product ? `: ${status.product}` : ""}
        ${status ? html`<span class="badge ${status.installed ? "success" : "neutral"}">${status.installed ? t("helpers.found") : t("helpers.notFound")}</span>` : nothing}</h2>
      <helio-error .error=${loadError}></helio-error>
      ${!status
        ? loadError ? nothing : html`<helio-loading label=${t("helpers.looking")}></helio-loading>`
        : status.installed
          ? html`<div class="card">
              ${this.renderFacts(which, status)}
              <div class="actions">
                <sl-button variant="primary" ?loading=${this.isBusy(`sync:${which}`)} @click=${() => this.sync(which)}>
                  ${icon("refresh-cw")} ${t("integr.syncApps")}</sl-button>
                ${which === "libmgr"
                  ? html`<sl-button ?loading=${this.isBusy("open:libmgr")} @click=${() =>
                      this.act("open:libmgr", () => openLibraryManager(this.api), {
                        area: which, success: t("integr.opening", { product: status.product ?? "Lutris" }),
                      })}>${icon("external-link")} ${t("integr.open", { product: status.product ?? t("integr.it") })}</sl-button>`
                  : nothing}
              </div>
              <p class="sub">${t("integr.syncHint")}</p>
              <helio-error .error=${this.errors[which]}></helio-error>
            </div>
            ${this.renderGames(which)}`
          : html`<helio-empty-state icon=${meta.icon} heading=${t("integr.productNotFound", { product: status.product ?? meta.title() })}
              >${status.reason ? `${status.reason.replace(/\.?$/, ".")} ` : ""}${words(t("integr.installOrSet"), {
                product: status.product ?? meta.program,
                setting: meta.setting,
                link: html`<a href="settings">${t("route.settings")}</a>`,
              })}</helio-empty-state>`}
    </section>`;
  }

  render() {
    return html`<helio-page-header heading=${t("route.integrations")} subtitle=${t("integr.subtitle")}>
        <sl-button slot="actions" variant="danger" outline ?loading=${this.isBusy("purge")} @click=${this.purge}>
          ${icon("trash-2")} ${t("integr.purge")}</sl-button>
      </helio-page-header>
      ${Object.values(this.status).some((status) => status?.simulated === true)
        ? simulatedNote("integrations-simulated", t("integr.simulated"))
        : nothing}
      <helio-error .error=${this.errors.purge}></helio-error>
      ${this.renderLibrary("storefront")} ${this.renderLibrary("libmgr")}`;
  }
}
customElements.define("helio-integrations-page", HelioIntegrationsPage);
