// Unknown console path: say so and offer the dashboard.
import { LitElement, html } from "lit";
import "../components/empty-state.js";
import "../components/page-header.js";
import { pageStyles } from "../theme.js";
import { t } from "../i18n.js";
import { href } from "../router.js";

export class HelioNotFoundPage extends LitElement {
  static properties = { api: { attribute: false }, params: { attribute: false } };
  static styles = [pageStyles];

  render() {
    return html`<helio-page-header heading=${t("route.notFound")}></helio-page-header>
      <helio-empty-state icon="circle-alert" heading=${t("notFound.heading")}>
        ${t("notFound.body")}
        <a slot="action" href=${href("")} id="back-to-dashboard">${t("notFound.back")}</a>
      </helio-empty-state>`;
  }
}
customElements.define("helio-not-found-page", HelioNotFoundPage);
