// Rename a paired device and choose its permissions (POST /api/clients/update).
// `await editor.edit(client)` resolves to the saved client, or null when cancelled.
import { LitElement, html, css, nothing } from "lit";
import "@shoelace-style/shoelace/dist/components/dialog/dialog.js";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/input/input.js";
import "@shoelace-style/shoelace/dist/components/checkbox/checkbox.js";
import { pageStyles } from "../theme.js";
import "../components/error.js";
import { fieldOf } from "./page-kit.js";
import { updateClient } from "../data/devices.js";
import { states } from "../element-kit.js";
import { t } from "../i18n.js";

/** The host's permission names (docs/api-clients.md), with the words the console uses. */
// (Their words: perm.<name> and perm.<name>.help in the catalogues.)
export const PERMISSIONS = ["view", "launch", "input", "clipboard", "server_commands"];

export class HelioDeviceEditor extends LitElement {
  static properties = {
    api: { attribute: false },
    ...states("client", "name", "permissions", "saving", "error"),
  };

  static styles = [
    pageStyles,
    css`
      form { display: grid; gap: var(--sl-spacing-medium); }
      fieldset { border: 1px solid var(--helio-border); border-radius: var(--sl-border-radius-medium);
                 padding: var(--sl-spacing-small) var(--sl-spacing-medium) var(--sl-spacing-medium); margin: 0; display: grid; gap: var(--sl-spacing-small); }
      legend { font-weight: 600; }
      .help { display: block; color: var(--helio-muted); font-size: var(--sl-font-size-small); }
      sl-input.invalid::part(form-control-help-text) { color: var(--sl-color-danger-700); font-weight: 600; }
      .field-error { color: var(--sl-color-danger-700); font-size: var(--sl-font-size-small); font-weight: 600; margin: 0; }
    `,
  ];

  constructor() {
    super();
    this.client = null;
    this.name = "";
    this.permissions = [];
    this.saving = false;
    this.error = null;
  }

  edit(client) {
    this.client = client;
    this.name = client.name;
    this.permissions = [...client.permissions];
    this.error = null;
    this._resolve?.(null);
    const saved = new Promise((resolve) => (this._resolve = resolve));
    this.updateComplete.then(() => this.shadowRoot.querySelector("sl-dialog").show());
    return saved;
  }

  toggle(key, on) {
    this.permissions = on ? [...new Set([...this.permissions, key])] : this.permissions.filter((p) => p !== key);
  }

  async save(event) {
    event?.preventDefault();
    this.saving = true;
    this.error = null;
    try {
      const answer = await updateClient(this.api, {
        uuid: this.client.uuid,
        name: this.name,
        permissions: PERMISSIONS.filter((key) => this.permissions.includes(key)),
      });
      this._resolve?.(answer.client);
      this._resolve = null;
      this.shadowRoot.querySelector("sl-dialog").hide();
    } catch (error) {
      this.error = error;
    } finally {
      this.saving = false;
    }
  }

  onHide(event) {
    if (event.target !== event.currentTarget) return;
    this._resolve?.(null);
    this._resolve = null;
  }

  render() {
    const field = fieldOf(this.error, ["name", "permissions"]);
    return html`<sl-dialog label=${t("deviceEditor.heading", { name: this.client?.name ?? t("deviceEditor.device") })} @sl-hide=${this.onHide}>
      <form @submit=${this.save}>
        <sl-input label=${t("editor.name")} .value=${this.name} class=${field === "name" ? "invalid" : ""}
          help-text=${field === "name" ? this.error.message : t("deviceEditor.nameHelp")}
          @sl-input=${(event) => (this.name = event.target.value)}></sl-input>
        <fieldset>
          <legend>${t("deviceEditor.permissions")}</legend>
          ${PERMISSIONS.map(
            (key) => html`<sl-checkbox name=${key} ?checked=${this.permissions.includes(key)}
              @sl-change=${(event) => this.toggle(key, event.target.checked)}>${t(`perm.${key}`)}
              <span class="help">${t(`perm.${key}.help`)}</span></sl-checkbox>`,
          )}
          ${field === "permissions" ? html`<p class="field-error" role="alert">${this.error.message}</p>` : nothing}
        </fieldset>
        ${this.error && !field ? html`<helio-error .error=${this.error}></helio-error>` : nothing}
      </form>
      <sl-button slot="footer" @click=${() => this.shadowRoot.querySelector("sl-dialog").hide()}>${t("common.cancel")}</sl-button>
      <sl-button slot="footer" variant="primary" ?loading=${this.saving} @click=${() => this.save()}>${t("common.save")}</sl-button>
    </sl-dialog>`;
  }
}
customElements.define("helio-device-editor", HelioDeviceEditor);
