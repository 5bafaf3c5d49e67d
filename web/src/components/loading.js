// A progress indicator with words, announced politely.
import { LitElement, css, html } from "lit";
import "@shoelace-style/shoelace/dist/components/spinner/spinner.js";
import { pageStyles } from "../theme.js";
import { t } from "../i18n.js";

export class HelioLoading extends LitElement {
  static properties = { label: {} };

  static styles = [
    pageStyles,
    css`
      div {
        display: flex;
        align-items: center;
        gap: var(--sl-spacing-small);
        padding: var(--sl-spacing-large) 0;
        color: var(--helio-muted);
      }
    `,
  ];

  render() {
    return html`<div role="status" aria-live="polite"><sl-spinner></sl-spinner> ${this.label || t("common.loading")}</div>`;
  }
}
customElements.define("helio-loading", HelioLoading);
