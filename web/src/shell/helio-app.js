// The shell: decides between set-up, sign-in and the console from /api/auth/status,
// draws the header and nav (a drawer at phone width), renders the routed page, shows
// toasts, and brings the user back to the same URL after a 401 and sign-in.
import { LitElement, css, html, nothing } from "lit";
import "@shoelace-style/shoelace/dist/components/alert/alert.js";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/drawer/drawer.js";
import "@shoelace-style/shoelace/dist/components/dropdown/dropdown.js";
import "@shoelace-style/shoelace/dist/components/menu/menu.js";
import "@shoelace-style/shoelace/dist/components/menu-item/menu-item.js";
import { ApiClient } from "../api.js";
import { homeLink } from "../config.js";
import { chooseLocale, locale, t } from "../i18n.js";
import "../components/language-picker.js";
import { hostInWorker } from "../components/boot-screen.js";
import "../components/error.js";
import "../components/loading.js";
import "../components/theme-toggle.js";
import { icon } from "../icons.js";
import { GROUPS, ROUTES, Router, href, routeTitle } from "../router.js";
import { pageStyles } from "../theme.js";
import { shellStyles } from "./shell-styles.js";
import { authStatus } from "../data/auth.js";
import { consoleLocale } from "../data/host.js";
import { states } from "../element-kit.js";

export class HelioApp extends LitElement {
  static properties = {
    ...states("status", "bootError", "route", "sessionGone", "hostLocale", "visitorPick"),
  };

  static styles = [pageStyles, shellStyles];

  constructor() {
    super();
    this.api = new ApiClient({ onUnauthorized: () => this.sessionEnded() });
    this.router = new Router((state) => this.routeChanged(state));
    this.route = this.router.current;
    this.page = null;
    this.pageKey = null;
    this.addEventListener("helio-toast", (event) => this.showToast(event.detail));
    this.addEventListener("helio-signed-in", () => this.loadStatus());
    this.addEventListener("helio-auth-changed", () => this.loadStatus());
    this.addEventListener("helio-session-ended", () => this.sessionEnded());
    this.addEventListener("helio-visitor-locale", (event) => (this.visitorPick = event.detail));
  }

  connectedCallback() {
    super.connectedCallback();
    this.addEventListener("helio-settings-saved", (event) => {
      if ("locale" in event.detail) this.applyLocale(event.detail.locale);
    });
    // Until the host answers (the flagship's boot screen), what this browser says: the
    // visitor's pick, else its own languages.
    chooseLocale(null, { gate: "boot" });
    // Both public answers at once (one round trip, not two, before the first page); the
    // status is applied after the locale, so the gate never renders in a language it then
    // leaves.
    this.loadStatus(this.loadLocale());
  }

  /** The host's locale setting (public); chooseLocale decides with it once the gate is known. */
  async loadLocale() {
    try {
      this.hostLocale = await consoleLocale(this.api);
    } catch {
      this.hostLocale = null; // no answer yet: the browser's language; the status error shows
    }
  }

  applyLocale(setting) {
    this.hostLocale = setting;
  }

  /** Which page stands in front of the console: "setup", "signin", or null. */
  gate() {
    if (!this.status) return null;
    if (!this.status.credentials_configured) return "setup";
    return this.status.authenticated ? null : "signin";
  }

  willUpdate(changed) {
    if (changed.has("hostLocale") || changed.has("status") || changed.has("visitorPick")) {
      const before = locale();
      const options = this.visitorPick ? { gate: this.gate(), visitor: this.visitorPick } : { gate: this.gate() };
      if (chooseLocale(this.hostLocale, options) !== before) this.pageKey = null; // pages render their words again
    }
  }

  /** `after`: a promise the status waits for before it is applied (the first locale). */
  async loadStatus(after = null) {
    try {
      const asked = authStatus(this.api);
      asked.catch(() => {}); // its failure is caught below, once awaited
      await after;
      const status = await asked;
      if (status.authenticated && this.api.auth === "cookie") await this.api.loadCsrf();
      if (status.authenticated) this.sessionGone = false;
      this.bootError = null;
      this.pageKey = null; // a fresh page after every sign-in
      this.status = status;
    } catch (error) {
      this.bootError = error;
    }
  }

  /** A 401 anywhere: show sign-in over the same URL; after sign-in the page reloads. */
  sessionEnded() {
    this.sessionGone = true; // the sign-in page says so, in the gate's language
    if (this.status) this.status = { ...this.status, authenticated: false, username: null };
  }

  async signOut() {
    try {
      await this.api.signOut();
    } catch {
      // The session may already be gone; signing out locally is what matters here.
    }
    this.sessionGone = false;
    this.router.navigate("", { replace: true });
    await this.loadStatus();
  }

  routeChanged(state) {
    this.route = state;
    this.focusNextPage = true; // a navigation, not the first load: move focus to the new page
    this.closeDrawer();
  }

  closeDrawer() {
    this.renderRoot?.querySelector("sl-drawer")?.hide();
  }

  showToast({ variant = "neutral", message }) {
    const alert = Object.assign(document.createElement("sl-alert"), {
      variant,
      closable: true,
      duration: variant === "danger" ? 10_000 : 5_000,
    });
    alert.textContent = message;
    document.body.append(alert);
    alert.toast();
  }

  /** The element of the routed page, created once per path (query changes update params). */
  pageElement() {
    const { route, params, path } = this.route;
    const tag = customElements.get(route.tag) ? route.tag : "helio-coming-page";
    if (this.pageKey !== `${tag}:${path}` || !this.page) {
      this.page = document.createElement(tag);
      this.page.id = "page";
      this.pageKey = `${tag}:${path}`;
      this.focusAfterRender = Boolean(this.focusNextPage);
      this.focusNextPage = false;
    }
    Object.assign(this.page, { api: this.api, params, route, status: this.status });
    return this.page;
  }

  updated() {
    const title = this.status?.authenticated ? routeTitle(this.route.route) : this.status ? this.gateTitle() : "";
    document.title = title ? `${title} · Helio` : "Helio";
    if (this.focusAfterRender) {
      this.focusAfterRender = false;
      this.page?.updateComplete?.then(() => {
        const header = this.page.renderRoot?.querySelector("helio-page-header");
        if (header?.focusTitle) header.focusTitle();
        else this.renderRoot.querySelector("main")?.focus({ preventScroll: true });
      });
    }
  }

  gateTitle() {
    return t(this.status.credentials_configured ? "gate.signIn" : "gate.setUp");
  }

  /** The boot screen's retry: its error goes while the host is asked again. */
  retryBoot() {
    this.bootError = null;
    this.loadStatus();
  }

  render() {
    if (!this.status && hostInWorker()) {
      // The flagship: the host boots in the page's service worker; say how far it is.
      return html`<div class="gate">
        <helio-boot-screen .error=${this.bootError} @helio-boot-retry=${() => this.retryBoot()}></helio-boot-screen>
        ${homeLink ? html`<p class="gate-home">${this.renderHome()}</p>` : nothing}
      </div>`;
    }
    if (this.bootError && !this.status) {
      return html`<div class="gate">
        <helio-error heading=${t("shell.cannotReach")} .error=${this.bootError} retry @retry=${() => this.loadStatus()}></helio-error>
      </div>`;
    }
    if (!this.status) return html`<div class="gate"><helio-loading label=${t("shell.connecting")}></helio-loading></div>`;
    if (!this.status.credentials_configured) {
      return html`<div class="gate">
        ${this.renderLanguagePicker()}
        <helio-setup-page .api=${this.api} .status=${this.status} .locale=${locale()}></helio-setup-page>
      </div>`;
    }
    if (!this.status.authenticated) {
      return html`<div class="gate">
        ${this.renderLanguagePicker()}
        <helio-signin-page .api=${this.api} .reason=${this.sessionGone ? t("shell.sessionEnded") : null} .locale=${locale()}></helio-signin-page>
        ${homeLink ? html`<p class="gate-home">${this.renderHome()}</p>` : nothing}
      </div>`;
    }
    return html`
      <a class="skip" href="#main" @click=${this.skip}>${t("shell.skip")}</a>
      <header class="bar">
        <sl-button class="menu" variant="text" @click=${() => this.renderRoot.querySelector("sl-drawer").show()}>
          ${icon("menu")}<span class="visually-hidden">${t("shell.openMenu")}</span>
        </sl-button>
        <a class="brand" href="./">${icon("sun")}<span>Helio</span></a>
        ${this.renderHome()}
        <span class="spacer"></span>
        <helio-theme-toggle></helio-theme-toggle>
        <sl-dropdown placement="bottom-end" hoist>
          <sl-button slot="trigger" variant="text" caret id="account">${icon("user")}<span class="who" id="who">${this.status.username}</span></sl-button>
          <sl-menu @sl-select=${(e) => this.accountMenu(e.detail.item.value)}>
            <sl-menu-item value="account" id="change-password"><span slot="prefix">${icon("lock")}</span>${t("shell.changePassword")}</sl-menu-item>
            <sl-menu-item value="signout" id="sign-out"><span slot="prefix">${icon("log-out")}</span>${t("shell.signOut")}</sl-menu-item>
          </sl-menu>
        </sl-dropdown>
      </header>
      <div class="layout">
        <nav class="side" aria-label=${t("shell.navLabel")}>${this.renderNav()}</nav>
        <main id="main" tabindex="-1">${this.pageElement()}</main>
      </div>
      <sl-drawer label="Helio" placement="start" class="drawer">
        <nav aria-label=${t("shell.navMenuLabel")}>${this.renderNav()}</nav>
      </sl-drawer>
    `;
  }

  accountMenu(choice) {
    if (choice === "signout") this.signOut();
    if (choice === "account") this.router.navigate("account");
  }

  /** Before signing in, the visitor's own choice of language (kept in this browser), first in view. */
  renderLanguagePicker() {
    return html`<div class="gate-language"><helio-language-picker .locale=${locale()}></helio-language-picker></div>`;
  }

  /** The flagship's way back to its landing page (absent natively). */
  renderHome() {
    if (!homeLink) return nothing;
    return html`<a class="home" href=${homeLink} id="home-link">${icon("house")}<span class="home-words">${t("shell.demoHome")}</span></a>`;
  }

  skip(event) {
    event.preventDefault();
    this.renderRoot.querySelector("main")?.focus();
  }

  renderNav() {
    const current = this.route.route.path;
    return GROUPS.map(
      (group) => html`<div class="group">
        <h2 class="group-title">${t(`nav.group.${group}`)}</h2>
        <ul>
          ${ROUTES.filter((r) => r.group === group).map(
            (r) => html`<li>
              <a href=${href(r.path)} aria-current=${r.path === current ? "page" : "false"} @click=${() => this.closeDrawer()}>
                ${icon(r.icon)}<span>${routeTitle(r)}</span>
              </a>
            </li>`,
          )}
        </ul>
      </div>`,
    );
  }
}
customElements.define("helio-app", HelioApp);

