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

/** The host's permission names (docs/api-clients.md), with the words the console uses. */
export const PERMISSIONS = [
  ["view", "View streams", "Watch the host's screen."],
  ["launch", "Launch apps", "Start and close applications."],
  ["input", "Input", "Send keyboard, mouse and controller input."],
  ["clipboard", "Clipboard", "Read and write the host's clipboard."],
  ["server_commands", "Server commands", "Run the host's configured server commands."],
];

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
        permissions: PERMISSIONS.map(([key]) => key).filter((key) => this.permissions.includes(key)),
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
    return html`<sl-dialog label="Edit ${this.client?.name ?? "device"}" @sl-hide=${this.onHide}>
      <form @submit=${this.save}>
        <sl-input label="Name" .value=${this.name} class=${field === "name" ? "invalid" : ""}
          help-text=${field === "name" ? this.error.message : "How this device is listed here and in logs."}
          @sl-input=${(event) => (this.name = event.target.value)}></sl-input>
        <fieldset>
          <legend>Permissions</legend>
          ${PERMISSIONS.map(
            ([key, label, help]) => html`<sl-checkbox name=${key} ?checked=${this.permissions.includes(key)}
              @sl-change=${(event) => this.toggle(key, event.target.checked)}>${label}
              <span class="help">${help}</span></sl-checkbox>`,
          )}
          ${field === "permissions" ? html`<p class="field-error" role="alert">${this.error.message}</p>` : nothing}
        </fieldset>
        ${this.error && !field ? html`<helio-error .error=${this.error}></helio-error>` : nothing}
      </form>
      <sl-button slot="footer" @click=${() => this.shadowRoot.querySelector("sl-dialog").hide()}>Cancel</sl-button>
      <sl-button slot="footer" variant="primary" ?loading=${this.saving} @click=${() => this.save()}>Save</sl-button>
    </sl-dialog>`;
  }
}
customElements.define("helio-device-editor", HelioDeviceEditor);
