// A dialog that browses the host PC's folders through GET /api/browse and returns the
// chosen path: a program for a command, a folder, or an image. `await picker.pick({...})`
// resolves to the path, or null when the user cancels.
import { LitElement, html, css, nothing } from "lit";
import "@shoelace-style/shoelace/dist/components/dialog/dialog.js";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/input/input.js";
import { pageStyles } from "../theme.js";
import { icon } from "../icons.js";
import "./loading.js";
import "./error.js";
import { browse } from "../data/files.js";
import { states } from "../element-kit.js";
import { t } from "../i18n.js";

const IMAGE = /\.(png|jpe?g|webp|gif)$/i;
const MODES = {
  file: { type: "file", verb: () => t("picker.file"), accepts: () => true },
  image: { type: "file", verb: () => t("picker.image"), accepts: (name) => IMAGE.test(name) },
  directory: { type: "directory", verb: () => t("picker.directory"), accepts: () => false },
};

export class HelioFilePicker extends LitElement {
  static properties = {
    api: { attribute: false },
    ...states("mode", "listing", "loading", "error", "typed"),
  };

  static styles = [
    pageStyles,
    css`
      sl-dialog::part(panel) { width: min(40rem, 100vw - 1rem); }
      sl-dialog::part(body) { padding-top: 0; }
      .where { display: flex; gap: var(--sl-spacing-x-small); align-items: end; margin-bottom: var(--sl-spacing-small); }
      .where sl-input { flex: 1; min-width: 0; }
      ul { list-style: none; margin: 0; padding: 0; max-height: 50vh; overflow: auto;
           border: 1px solid var(--helio-border); border-radius: var(--sl-border-radius-medium); }
      li + li { border-top: 1px solid var(--helio-border); }
      li button { all: unset; box-sizing: border-box; display: flex; gap: var(--sl-spacing-small); align-items: center;
                  width: 100%; padding: var(--sl-spacing-x-small) var(--sl-spacing-small); cursor: pointer;
                  color: var(--sl-color-neutral-800); overflow-wrap: anywhere; }
      li button:hover { background: var(--sl-color-neutral-100); }
      li button:focus-visible { outline: var(--sl-focus-ring); outline-offset: -2px; }
      li button[disabled] { color: var(--sl-color-neutral-500); cursor: default; }
      .muted { color: var(--helio-muted); padding: var(--sl-spacing-medium); margin: 0; }
      svg { flex: none; width: 1.1em; height: 1.1em; }
    `,
  ];

  constructor() {
    super();
    this.mode = "file";
    this.listing = null;
    this.loading = false;
    this.error = null;
    this.typed = "";
  }

  /** Open at `path` (or the drives); resolves to the chosen path or null. */
  pick({ mode = "file", path = "" } = {}) {
    this.mode = mode;
    this.listing = null;
    this.error = null;
    this.typed = path;
    this._resolve?.(null);
    const chosen = new Promise((resolve) => (this._resolve = resolve));
    this.updateComplete.then(() => {
      this.shadowRoot.querySelector("sl-dialog").show();
      this.browse(path);
    });
    return chosen;
  }

  async browse(path) {
    // Only the latest request may fill the dialog: the listing asked for on open can
    // arrive after the one for a folder the user typed and went to.
    const request = (this._request = (this._request ?? 0) + 1);
    const typedAtRequest = this.typed;
    this.loading = true;
    this.error = null;
    try {
      const listing = await browse(this.api, { path, type: MODES[this.mode].type });
      if (request !== this._request) return;
      this.listing = listing;
      // The field follows the folder shown, unless the user has typed in it meanwhile.
      if (this.typed === typedAtRequest) this.typed = listing.path;
    } catch (error) {
      if (request === this._request) this.error = error;
    } finally {
      if (request === this._request) this.loading = false;
    }
  }

  finish(path) {
    this._resolve?.(path);
    this._resolve = null;
    this.shadowRoot.querySelector("sl-dialog").hide();
  }

  onHide(event) {
    if (event.target !== event.currentTarget) return; // a nested element's hide
    this._resolve?.(null);
    this._resolve = null;
  }

  renderEntry(entry) {
    const folder = entry.type === "directory";
    const usable = folder || MODES[this.mode].accepts(entry.name);
    return html`<li>
      <button
        type="button"
        ?disabled=${!usable}
        @click=${() => (folder ? this.browse(entry.path) : this.finish(entry.path))}
      >
        ${icon(folder ? "folder" : IMAGE.test(entry.name) ? "image" : "file")}
        <span>${entry.name}</span>
      </button>
    </li>`;
  }

  render() {
    const { verb } = MODES[this.mode];
    const listing = this.listing;
    const entries = listing?.entries ?? [];
    return html`<sl-dialog label=${verb()} @sl-hide=${this.onHide}>
      <form
        class="where"
        @submit=${(event) => {
          event.preventDefault();
          this.browse(this.typed);
        }}
      >
        <sl-input
          label=${t("picker.folder")}
          size="small"
          .value=${this.typed}
          @sl-input=${(event) => (this.typed = event.target.value)}
          placeholder=${t("picker.drives")}
        ></sl-input>
        <sl-button size="small" type="submit">${t("picker.go")}</sl-button>
        <sl-button
          size="small"
          ?disabled=${!listing || !listing.path}
          @click=${() => this.browse(listing.parent)}
          >${icon("arrow-up")} ${t("picker.up")}</sl-button
        >
      </form>
      <helio-error .error=${this.error}></helio-error>
      <div aria-live="polite" aria-busy=${this.loading ? "true" : "false"}>
        ${this.loading && !listing
          ? html`<helio-loading label=${t("picker.reading")}></helio-loading>`
          : nothing}
        ${listing
          ? entries.length
            ? html`<ul aria-label=${t("picker.contentsOf", { path: listing.path || t("picker.thisPc") })}>
                ${entries.map((entry) => this.renderEntry(entry))}
              </ul>`
            : html`<p class="muted">${t("picker.empty")}</p>`
          : nothing}
      </div>
      ${this.mode === "directory"
        ? html`<sl-button
            slot="footer"
            variant="primary"
            ?disabled=${!listing?.path}
            @click=${() => this.finish(listing.path)}
            >${t("picker.useFolder")}</sl-button
          >`
        : nothing}
      <sl-button slot="footer" @click=${() => this.finish(null)}>${t("common.cancel")}</sl-button>
    </sl-dialog>`;
  }
}
customElements.define("helio-file-picker", HelioFilePicker);
