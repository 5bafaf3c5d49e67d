// Page title (the page's one <h1>), a subtitle and an actions slot.
import { LitElement, css, html } from "lit";
import { pageStyles } from "../theme.js";

export class HelioPageHeader extends LitElement {
  static properties = { heading: {}, subtitle: {} };

  static styles = [
    pageStyles,
    css`
      header {
        display: flex;
        flex-wrap: wrap;
        align-items: flex-end;
        justify-content: space-between;
        gap: var(--sl-spacing-medium);
        margin-bottom: var(--sl-spacing-large);
      }
      h1 {
        font-size: var(--sl-font-size-2x-large);
        font-weight: 650;
        letter-spacing: -0.01em;
      }
      h1:focus {
        outline: none; /* focused by the shell after navigation, for screen readers only */
      }
      p {
        margin-top: var(--sl-spacing-2x-small);
        max-width: 60ch;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: var(--sl-spacing-small);
      }
    `,
  ];

  render() {
    return html`<header>
      <div>
        <h1 id="page-title" tabindex="-1">${this.heading}</h1>
        ${this.subtitle ? html`<p class="muted">${this.subtitle}</p>` : ""}
      </div>
      <div class="actions"><slot name="actions"></slot></div>
    </header>`;
  }

  /** Move focus to the title (after a navigation, for screen readers). */
  focusTitle() {
    this.renderRoot.querySelector("h1")?.focus({ preventScroll: true });
  }
}
customElements.define("helio-page-header", HelioPageHeader);
