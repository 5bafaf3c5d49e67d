// Unknown console path: say so and offer the dashboard.
import { LitElement, html } from "lit";
import "../components/empty-state.js";
import "../components/page-header.js";
import { pageStyles } from "../theme.js";

export class HelioNotFoundPage extends LitElement {
  static properties = { api: { attribute: false }, params: { attribute: false } };
  static styles = [pageStyles];

  render() {
    return html`<helio-page-header heading="Page not found"></helio-page-header>
      <helio-empty-state icon="circle-alert" heading="There is no page at this address">
        The link may be old or mistyped. Pick a page from the menu.
        <a slot="action" href="./">Go to the dashboard</a>
      </helio-empty-state>`;
  }
}
customElements.define("helio-not-found-page", HelioNotFoundPage);
