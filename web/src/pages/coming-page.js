// Placeholder for a route whose page is not built yet: says so, and where to go instead.
import { LitElement, html } from "lit";
import "../components/empty-state.js";
import "../components/page-header.js";
import { pageStyles } from "../theme.js";
import { t, words } from "../i18n.js";
import { routeTitle } from "../router.js";

export class HelioComingPage extends LitElement {
  static properties = { api: { attribute: false }, params: { attribute: false }, route: { attribute: false } };
  static styles = [pageStyles];

  render() {
    const title = this.route ? routeTitle(this.route) : t("coming.thisPage");
    return html`<helio-page-header heading=${title}></helio-page-header>
      <helio-empty-state icon="sparkles" heading=${t("coming.heading")}>
        ${words(t("coming.body"), { title, docs: html`<code>docs/</code>` })}
        <a slot="action" href="./">${t("coming.back")}</a>
      </helio-empty-state>`;
  }
}
customElements.define("helio-coming-page", HelioComingPage);
