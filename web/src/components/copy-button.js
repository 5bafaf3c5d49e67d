// A labelled "Copy" button (Shoelace's copy button has no accessible name of its own).
// Says what happened in a toast: copied, or why the browser refused.
import { LitElement, html } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import { icon } from "../icons.js";
import { pageStyles } from "../theme.js";
import { toast } from "./toast.js";
import { t } from "../i18n.js";

export class HelioCopyButton extends LitElement {
  static properties = { value: {}, label: {} };
  static styles = [pageStyles];

  async copy() {
    try {
      await navigator.clipboard.writeText(this.value ?? "");
      toast(this, "success", t("common.copied"));
    } catch (error) {
      toast(this, "danger", t("common.copyRefused", { reason: error.message }));
    }
  }

  render() {
    return html`<sl-button size="small" @click=${() => this.copy()}>${icon("copy")} ${this.label || "Copy"}</sl-button>`;
  }
}
customElements.define("helio-copy-button", HelioCopyButton);
