// A confirmation dialog returning a promise: `if (await confirmAction({...})) ...`.
import { LitElement, css, html } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/dialog/dialog.js";
import { pageStyles } from "../theme.js";
import { t } from "../i18n.js";

export class HelioConfirm extends LitElement {
  static properties = {
    heading: {},
    message: {},
    confirmLabel: {},
    variant: {},
  };

  static styles = [
    pageStyles,
    css`
      sl-dialog::part(panel) {
        background: var(--helio-surface);
      }
      p {
        color: var(--helio-text);
      }
    `,
  ];

  /** Show the dialog; resolves true on confirm, false on cancel/close. */
  ask() {
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.updateComplete.then(() => this.renderRoot.querySelector("sl-dialog").show());
    });
  }

  finish(answer) {
    const resolve = this.resolve;
    this.resolve = null;
    this.renderRoot.querySelector("sl-dialog").hide();
    resolve?.(answer);
  }

  render() {
    return html`<sl-dialog
      label=${this.heading}
      @sl-request-close=${() => this.resolve && this.finish(false)}
      @sl-after-hide=${() => this.remove()}
    >
      <p>${this.message}</p>
      <sl-button slot="footer" @click=${() => this.finish(false)}>${t("common.cancel")}</sl-button>
      <sl-button slot="footer" variant=${this.variant || "danger"} @click=${() => this.finish(true)}
        >${this.confirmLabel || t("common.confirm")}</sl-button
      >
    </sl-dialog>`;
  }
}
customElements.define("helio-confirm", HelioConfirm);

/** @param {{heading: string, message: string, confirmLabel?: string, variant?: string}} options */
export function confirmAction({ heading, message, confirmLabel = t("common.confirm"), variant = "danger" }) {
  const dialog = document.createElement("helio-confirm");
  Object.assign(dialog, { heading, message, confirmLabel, variant });
  document.body.append(dialog);
  return dialog.ask();
}
