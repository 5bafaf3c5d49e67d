// The add/edit dialog of the applications page: every app field of docs/api-apps.md,
// the file picker for commands, folders and images, and a cover drop zone.
// `await editor.edit(app | null)` resolves to the saved app, or null when cancelled.
import { LitElement, html, css, nothing } from "lit";
import "@shoelace-style/shoelace/dist/components/dialog/dialog.js";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/icon-button/icon-button.js";
import "@shoelace-style/shoelace/dist/components/input/input.js";
import "@shoelace-style/shoelace/dist/components/switch/switch.js";
import "@shoelace-style/shoelace/dist/components/checkbox/checkbox.js";
import "@shoelace-style/shoelace/dist/components/details/details.js";
import { pageStyles } from "../theme.js";
import { icon } from "../icons.js";
import "../components/error.js";
import "../components/helio-file-picker.js";
import { fieldOf } from "./page-kit.js";
import { appCoverPath, coverPath, saveApp, uploadCover } from "../data/apps.js";
import { states } from "../element-kit.js";
import { t } from "../i18n.js";

const DEFAULTS = {
  name: "",
  cmd: "",
  "working-dir": "",
  output: "",
  detached: [],
  "prep-cmd": [],
  "image-path": "",
  "auto-detach": true,
  "wait-all": true,
  "exit-timeout": 5,
  elevated: false,
};
const FIELDS = Object.keys(DEFAULTS);

/** A cover key from the app's name: what /api/covers/upload keeps ([a-z0-9_-], 64 at most). */
function coverKey(name) {
  const slug = name.toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "");
  return `${slug.slice(0, 48) || "cover"}-${Math.random().toString(36).slice(2, 8)}`;
}

export class HelioAppEditor extends LitElement {
  static properties = {
    api: { attribute: false },
    ...states("draft", "isNew", "heading", "saving", "error", "uploading", "uploadError", "preview", "dragging"),
  };

  static styles = [
    pageStyles,
    css`
      sl-dialog::part(panel) { width: min(46rem, 100vw - 1rem); }
      form { display: grid; grid-template-columns: minmax(0, 1fr); gap: var(--sl-spacing-medium); }
      .with-button { display: flex; gap: var(--sl-spacing-x-small); align-items: start; }
      .with-button sl-input { flex: 1; min-width: 0; }
      .with-button > sl-button { margin-top: calc(var(--sl-input-label-font-size-medium) * var(--sl-line-height-normal) + var(--sl-spacing-3x-small)); }
      sl-input.invalid::part(form-control-help-text) { color: var(--sl-color-danger-700); font-weight: 600; }
      sl-input.invalid::part(base) { border-color: var(--sl-color-danger-600); }
      .switches { display: grid; gap: var(--sl-spacing-small); }
      .hint { color: var(--helio-muted); font-size: var(--sl-font-size-small); margin: 0; }
      fieldset { border: 1px solid var(--helio-border); border-radius: var(--sl-border-radius-medium);
                 padding: var(--sl-spacing-small) var(--sl-spacing-medium) var(--sl-spacing-medium); margin: 0;
                 display: grid; gap: var(--sl-spacing-small); min-width: 0; }
      legend { font-weight: 600; padding: 0 var(--sl-spacing-2x-small); }
      .row { display: flex; gap: var(--sl-spacing-x-small); align-items: end; flex-wrap: wrap; }
      .row sl-input { flex: 1 1 12rem; min-width: 0; }
      .field-error { color: var(--sl-color-danger-700); font-size: var(--sl-font-size-small); font-weight: 600; margin: 0; }
      .cover { display: grid; grid-template-columns: 6rem minmax(0, 1fr); gap: var(--sl-spacing-medium); align-items: center; }
      .drop { min-width: 0; overflow-wrap: anywhere; border: 2px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large);
              padding: var(--sl-spacing-medium); text-align: center; color: var(--helio-muted); }
      .drop.over { border-color: var(--sl-color-primary-600); background: var(--sl-color-primary-50); }
      .thumb { width: 6rem; aspect-ratio: 2 / 3; border-radius: var(--sl-border-radius-medium); object-fit: cover;
               background: var(--sl-color-neutral-100); display: grid; place-items: center; color: var(--sl-color-neutral-500); }
      .thumb svg { width: 2rem; height: 2rem; }
      input[type="file"] { position: absolute; width: 1px; height: 1px; opacity: 0; }
      @media (max-width: 600px) {
        .cover { grid-template-columns: minmax(0, 1fr); }
        .thumb { width: 4.5rem; }
        .drop { padding: var(--sl-spacing-small); }
      }
    `,
  ];

  constructor() {
    super();
    this.draft = { ...DEFAULTS };
    this.isNew = true;
    this.heading = "";
    this.saving = false;
    this.error = null;
    this.uploading = false;
    this.uploadError = null;
    this.preview = "";
    this.dragging = false;
  }

  edit(app) {
    this.isNew = !app;
    this.heading = app ? t("editor.editHeading", { name: app.name }) : t("apps.addAn");
    this.draft = structuredClone({ ...DEFAULTS, ...(app ?? {}) });
    this.error = null;
    this.uploadError = null;
    this.showPreview(app ? appCoverPath(app.uuid) : "");
    this._resolve?.(null);
    const saved = new Promise((resolve) => (this._resolve = resolve));
    this.updateComplete.then(() => this.dialog.show());
    return saved;
  }

  get dialog() {
    return this.shadowRoot.querySelector("sl-dialog");
  }

  async showPreview(path) {
    if (this.preview) URL.revokeObjectURL(this.preview);
    this.preview = "";
    if (!path) return;
    try {
      this.preview = URL.createObjectURL(await this.api.blob(path));
    } catch {
      // No cover yet (404) or an image path that is not readable: the placeholder says so.
    }
  }

  set(name, value) {
    this.draft = { ...this.draft, [name]: value };
  }

  setListItem(name, index, value) {
    const list = [...this.draft[name]];
    list[index] = value;
    this.set(name, list);
  }

  /** The body sent: every known field, typed; the uuid only when editing. */
  body() {
    const d = this.draft;
    const body = { ...d };
    const timeout = String(d["exit-timeout"]).trim();
    body["exit-timeout"] = timeout === "" ? 5 : Number(timeout);
    body.detached = d.detached.filter((cmd) => cmd.trim() !== "");
    body["prep-cmd"] = d["prep-cmd"].filter((p) => (p.do || "").trim() || (p.undo || "").trim());
    delete body.id;
    if (this.isNew) delete body.uuid;
    return body;
  }

  async save(event) {
    event.preventDefault();
    this.saving = true;
    this.error = null;
    try {
      const answer = await saveApp(this.api, this.body());
      this._resolve?.(answer.app);
      this._resolve = null;
      this.dialog.hide();
    } catch (error) {
      this.error = error;
      const field = fieldOf(error, FIELDS);
      await this.updateComplete;
      this.shadowRoot.querySelector(`[data-field="${field}"]`)?.focus();
    } finally {
      this.saving = false;
    }
  }

  async pick(name, mode) {
    const picker = this.shadowRoot.querySelector("helio-file-picker");
    const start = name === "cmd" ? this.draft["working-dir"] : this.draft[name];
    const path = await picker.pick({ mode, path: start || "" });
    if (path == null) return;
    this.set(name, mode === "file" && /\s/.test(path) ? `"${path}"` : path);
    if (name === "image-path") this.showPreview(coverPath(path));
  }

  async upload(file) {
    if (!file) return;
    this.uploadError = null;
    if (!/^image\/(png|jpeg|webp|gif)$/.test(file.type)) {
      this.uploadError = new Error(t("editor.notImage", { file: file.name }));
      return;
    }
    this.uploading = true;
    try {
      const key = coverKey(this.draft.name);
      const answer = await uploadCover(this.api, file, key);
      this.set("image-path", answer.key);
      this.showPreview(coverPath(answer.key));
    } catch (error) {
      this.uploadError = error;
    } finally {
      this.uploading = false;
    }
  }

  onDrop(event) {
    event.preventDefault();
    this.dragging = false;
    this.upload(event.dataTransfer?.files?.[0]);
  }

  onHide(event) {
    if (event.target !== event.currentTarget) return;
    this._resolve?.(null);
    this._resolve = null;
  }

  /** An sl-input bound to a draft field; the API's complaint about it shows as its help text. */
  input(name, label, help, extra = {}) {
    const errorHere = fieldOf(this.error, FIELDS) === name;
    return html`<sl-input
      data-field=${name}
      name=${name}
      label=${label}
      class=${errorHere ? "invalid" : ""}
      help-text=${errorHere ? this.error.message : help}
      .value=${String(this.draft[name] ?? "")}
      type=${extra.type ?? "text"}
      inputmode=${extra.inputmode ?? nothing}
      placeholder=${extra.placeholder ?? nothing}
      ?required=${extra.required}
      autocomplete="off"
      @sl-input=${(event) => this.set(name, event.target.value)}
    ></sl-input>`;
  }

  withBrowse(name, mode, field) {
    return html`<div class="with-button">
      ${field}
      <sl-button @click=${() => this.pick(name, mode)}>${icon("folder-open")} ${t("editor.browse")}</sl-button>
    </div>`;
  }

  renderDetached() {
    const list = this.draft.detached;
    return html`<fieldset data-field="detached">
      <legend>${t("editor.detached")}</legend>
      <p class="hint">${t("editor.detachedHint")}</p>
      ${list.map(
        (cmd, index) => html`<div class="row">
          <sl-input
            label=${t("editor.detachedN", { n: index + 1 })}
            .value=${cmd}
            @sl-input=${(event) => this.setListItem("detached", index, event.target.value)}
          ></sl-input>
          <sl-button
            @click=${() => this.set("detached", list.filter((_, i) => i !== index))}
            >${icon("trash-2")}<span class="visually-hidden">${t("editor.removeDetached", { n: index + 1 })}</span></sl-button
          >
        </div>`,
      )}
      ${this.fieldMessage("detached")}
      <div><sl-button size="small" @click=${() => this.set("detached", [...list, ""])}
        >${icon("plus")} ${t("editor.addDetached")}</sl-button></div>
    </fieldset>`;
  }

  renderPrep() {
    const list = this.draft["prep-cmd"];
    const update = (index, patch) => this.setListItem("prep-cmd", index, { ...list[index], ...patch });
    return html`<fieldset data-field="prep-cmd">
      <legend>${t("editor.prep")}</legend>
      <p class="hint">${t("editor.prepHint")}</p>
      ${list.map(
        (prep, index) => html`<div class="row">
          <sl-input label=${t("editor.doN", { n: index + 1 })} .value=${prep.do ?? ""}
            @sl-input=${(event) => update(index, { do: event.target.value })}></sl-input>
          <sl-input label=${t("editor.undoN", { n: index + 1 })} .value=${prep.undo ?? ""}
            @sl-input=${(event) => update(index, { undo: event.target.value })}></sl-input>
          <sl-button
            @click=${() => this.set("prep-cmd", list.filter((_, i) => i !== index))}
            >${icon("trash-2")}<span class="visually-hidden">${t("editor.removePrep", { n: index + 1 })}</span></sl-button
          >
        </div>`,
      )}
      ${this.fieldMessage("prep-cmd")}
      <div><sl-button size="small"
        @click=${() => this.set("prep-cmd", [...list, { do: "", undo: "", elevated: false }])}
        >${icon("plus")} ${t("editor.addPrep")}</sl-button></div>
    </fieldset>`;
  }

  fieldMessage(name) {
    return fieldOf(this.error, FIELDS) === name
      ? html`<p class="field-error" role="alert">${this.error.message}</p>`
      : nothing;
  }

  renderSwitch(name, label, help) {
    return html`<div>
      <sl-switch data-field=${name} ?checked=${this.draft[name]} help-text=${help}
        @sl-change=${(event) => this.set(name, event.target.checked)}>${label}</sl-switch>
      ${this.fieldMessage(name)}
    </div>`;
  }

  renderCover() {
    return html`<fieldset data-field="image-path">
      <legend>${t("editor.cover")}</legend>
      <div class="cover">
        ${this.preview
          ? html`<img class="thumb" src=${this.preview} alt=${t("editor.coverPreview")} />`
          : html`<div class="thumb" role="img" aria-label=${t("editor.noCover")}>${icon("image")}</div>`}
        <div
          class="drop ${this.dragging ? "over" : ""}"
          @dragover=${(event) => {
            event.preventDefault();
            this.dragging = true;
          }}
          @dragleave=${() => (this.dragging = false)}
          @drop=${this.onDrop}
        >
          <p>${t("editor.drag")}</p>
          <sl-button size="small" ?loading=${this.uploading}
            @click=${() => this.shadowRoot.querySelector("#cover-file").click()}
            >${icon("upload")} ${t("editor.upload")}</sl-button>
          <input id="cover-file" type="file" accept="image/png,image/jpeg,image/webp,image/gif"
            tabindex="-1" aria-hidden="true"
            @change=${(event) => this.upload(event.target.files[0])} />
        </div>
      </div>
      <helio-error .error=${this.uploadError}></helio-error>
      ${this.withBrowse(
        "image-path",
        "image",
        this.input("image-path", t("editor.image"), t("editor.imageHelp")),
      )}
    </fieldset>`;
  }

  render() {
    const general = this.error && !fieldOf(this.error, FIELDS);
    return html`<sl-dialog
      label=${this.heading}
      @sl-hide=${this.onHide}
    >
      <form id="app-form" @submit=${this.save} novalidate>
        ${this.input("name", t("editor.name"), t("editor.nameHelp"), { required: true })}
        ${this.withBrowse(
          "cmd",
          "file",
          this.input("cmd", t("editor.cmd"), t("editor.cmdHelp")),
        )}
        ${this.withBrowse(
          "working-dir",
          "directory",
          this.input("working-dir", t("editor.workingDir"), t("editor.workingDirHelp")),
        )}
        ${this.renderCover()} ${this.renderDetached()} ${this.renderPrep()}
        <div class="switches">
          ${this.renderSwitch("auto-detach", t("editor.autoDetach"), t("editor.autoDetachHelp"))}
          ${this.renderSwitch("wait-all", t("editor.waitAll"), t("editor.waitAllHelp"))}
        </div>
        ${this.input("exit-timeout", t("editor.exitTimeout"), t("editor.exitTimeoutHelp"),
          { type: "number", inputmode: "numeric" })}
        <sl-details summary=${t("editor.more")}>
          <div class="switches">
            ${this.input("output", t("editor.output"), t("editor.outputHelp"))}
            ${this.renderSwitch("elevated", t("editor.elevated"), t("editor.elevatedHelp"))}
          </div>
        </sl-details>
        ${general ? html`<helio-error .error=${this.error}></helio-error>` : nothing}
      </form>
      <sl-button slot="footer" @click=${() => this.dialog.hide()}>${t("common.cancel")}</sl-button>
      <sl-button slot="footer" variant="primary" ?loading=${this.saving}
        @click=${(event) => this.save(event)}>${this.isNew ? t("apps.add") : t("settings.save")}</sl-button>
    </sl-dialog>
    <helio-file-picker .api=${this.api}></helio-file-picker>`;
  }
}
customElements.define("helio-app-editor", HelioAppEditor);
