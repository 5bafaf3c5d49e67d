// Shows an error (an ApiError, any Error or a string) as an alert a screen reader
// announces. A 429 says how long to wait; a lost connection says what to check.
import { LitElement, css, html } from "lit";
import "@shoelace-style/shoelace/dist/components/alert/alert.js";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import { waitMessage } from "../api.js";
import { icon } from "../icons.js";
import { pageStyles } from "../theme.js";

export function describeError(error) {
  if (!error) return "";
  if (typeof error === "string") return error;
  if (error.status === 429) return waitMessage(error);
  if (error.status === 403 && !error.message) return "This account may not do that.";
  return error.message || String(error);
}

export class HelioError extends LitElement {
  static properties = { error: { attribute: false }, heading: {}, retry: { type: Boolean } };

  static styles = [
    pageStyles,
    css`
      :host {
        display: block;
      }
      :host([hidden]) {
        display: none;
      }
      sl-alert::part(message) {
        display: flex;
        flex-wrap: wrap;
        gap: var(--sl-spacing-small);
        align-items: center;
        justify-content: space-between;
      }
    `,
  ];

  render() {
    const text = describeError(this.error);
    // sl-alert carries role="alert" itself, so screen readers announce it as it appears.
    return html`<div class="error">
      ${text
        ? html`<sl-alert variant="danger" open>
            <span slot="icon">${icon("circle-alert")}</span>
            <span>${this.heading ? html`<strong>${this.heading}: </strong>` : ""}<span class="message">${text}</span></span>
            ${this.retry
              ? html`<sl-button size="small" @click=${() => this.dispatchEvent(new CustomEvent("retry"))}>Try again</sl-button>`
              : ""}
          </sl-alert>`
        : ""}
    </div>`;
  }
}
customElements.define("helio-error", HelioError);
