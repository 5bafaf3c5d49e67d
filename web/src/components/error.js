// Shows an error (an ApiError, any Error or a string). The element is a live region
// (role="alert") that exists before the error does, so screen readers announce the
// message when it appears; while empty it takes no room. A 429 says how long to wait;
// a lost connection says what to check.
import { LitElement, css, html } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import { waitMessage } from "../api.js";
import { icon } from "../icons.js";
import { pageStyles } from "../theme.js";
import { t } from "../i18n.js";

export function describeError(error) {
  if (!error) return "";
  if (typeof error === "string") return error;
  if (error.status === 429) return waitMessage(error);
  if (error.status === 403 && !error.message) return t("common.forbidden");
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
      :host([idle]) {
        display: contents;
      }
      .idle {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip: rect(0 0 0 0);
      }
      .box {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: var(--sl-spacing-small);
        padding: var(--sl-spacing-small) var(--sl-spacing-medium);
        border-radius: var(--sl-border-radius-medium);
        border: 1px solid var(--helio-danger-text);
        border-left-width: 4px;
        background: var(--helio-danger-bg);
        color: var(--helio-danger-text);
        font-size: var(--sl-font-size-small);
      }
      .box .icon {
        font-size: 1.1rem;
      }
      .text {
        flex: 1 1 16rem;
        min-width: 0;
        overflow-wrap: anywhere;
      }
    `,
  ];

  willUpdate() {
    this.toggleAttribute("idle", !describeError(this.error));
  }

  render() {
    const text = describeError(this.error);
    return html`<div role="alert" class=${text ? "box" : "idle"}>
      ${text
        ? html`${icon("circle-alert")}
            <span class="text">${this.heading ? html`<strong>${this.heading}: </strong>` : ""}<span class="message">${text}</span></span>
            ${this.retry
              ? html`<sl-button size="small" @click=${() => this.dispatchEvent(new CustomEvent("retry"))}>${t("common.tryAgain")}</sl-button>`
              : ""}`
        : ""}
    </div>`;
  }
}
customElements.define("helio-error", HelioError);
