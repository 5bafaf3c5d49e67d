// Settings: every host setting, grouped, generated from the host's schema.
import { LitElement, html } from "lit";
import "../components/page-header.js";
import "../components/settings-form.js";
import { pageStyles } from "../theme.js";
import { t } from "../i18n.js";

export class HelioSettingsPage extends LitElement {
  static properties = { api: { attribute: false }, params: { attribute: false } };
  static styles = [pageStyles];

  render() {
    return html`<helio-page-header
        heading=${t("settings.heading")}
        subtitle=${t("settings.subtitle")}
      ></helio-page-header>
      <helio-settings-form .api=${this.api}></helio-settings-form>`;
  }
}
customElements.define("helio-settings-page", HelioSettingsPage);
