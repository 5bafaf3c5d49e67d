// Placeholder for a route whose page is not built yet: says so, and where to go instead.
import { LitElement, html } from "lit";
import "../components/empty-state.js";
import "../components/page-header.js";
import { pageStyles } from "../theme.js";

export class HelioComingPage extends LitElement {
  static properties = { api: { attribute: false }, params: { attribute: false }, route: { attribute: false } };
  static styles = [pageStyles];

  render() {
    const title = this.route?.title ?? "This page";
    return html`<helio-page-header heading=${title}></helio-page-header>
      <helio-empty-state icon="sparkles" heading="Coming soon">
        The ${title} page is not part of this build yet. Its API is documented in
        <code>docs/</code> and works with curl today.
        <a slot="action" href="./">Back to the dashboard</a>
      </helio-empty-state>`;
  }
}
customElements.define("helio-coming-page", HelioComingPage);
