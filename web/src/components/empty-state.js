// An empty list says what it is and what to do next (the action slot).
import { LitElement, css, html } from "lit";
import { icon } from "../icons.js";
import { pageStyles } from "../theme.js";

export class HelioEmptyState extends LitElement {
  static properties = { icon: {}, heading: {} };

  static styles = [
    pageStyles,
    css`
      :host {
        display: block;
      }
      div.box {
        display: flex;
        flex-direction: column;
        align-items: center;
        text-align: center;
        gap: var(--sl-spacing-small);
        padding: var(--sl-spacing-2x-large) var(--sl-spacing-large);
        border: 1px dashed var(--helio-border);
        border-radius: var(--sl-border-radius-large);
        background: var(--helio-surface);
      }
      .glyph {
        font-size: 2rem;
        color: var(--helio-muted);
      }
      h2 {
        font-size: var(--sl-font-size-medium);
      }
      .text {
        color: var(--helio-muted);
        max-width: 48ch;
      }
      .action {
        margin-top: var(--sl-spacing-x-small);
      }
    `,
  ];

  render() {
    return html`<div class="box">
      <span class="glyph">${icon(this.icon || "inbox")}</span>
      <h2>${this.heading}</h2>
      <div class="text"><slot></slot></div>
      <div class="action"><slot name="action"></slot></div>
    </div>`;
  }
}
customElements.define("helio-empty-state", HelioEmptyState);
