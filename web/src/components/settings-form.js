// Settings as a form generated from the host's JSON schema (OpenAPI `Settings`:
// type, enum, bounds, title, description, default, x-group, x-unit). Nothing about a
// setting is written here except friendlier words for a few values; labels and help are
// the catalogue's (their English is the host's own text), and a new setting in
// host/core/settings.py appears on its own, in the host's words. Saves only what changed (PATCH), shows the
// API's error next to its field, then offers the restart the host asks for.
import { LitElement, css, html } from "lit";
import "@shoelace-style/shoelace/dist/components/alert/alert.js";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/checkbox/checkbox.js";
import "@shoelace-style/shoelace/dist/components/input/input.js";
import "@shoelace-style/shoelace/dist/components/option/option.js";
import "@shoelace-style/shoelace/dist/components/select/select.js";
import "@shoelace-style/shoelace/dist/components/switch/switch.js";
import "@shoelace-style/shoelace/dist/components/textarea/textarea.js";
import { confirmAction } from "./confirm.js";
import "./error.js";
import "./empty-state.js";
import "./loading.js";
import { toast } from "./toast.js";
import { icon } from "../icons.js";
import { alertRowStyles, pageStyles } from "../theme.js";
import { describeValue, validateValue } from "./settings-schema.js";
import { AUTO, LOCALES, has, t, words } from "../i18n.js";
import { authStatus } from "../data/auth.js";
import { restartHost } from "../data/host.js";
import { loadSettings, saveSettings } from "../data/settings.js";
import { inputs, states } from "../element-kit.js";

export class HelioSettingsForm extends LitElement {
  static properties = {
    api: { attribute: false },
    /** Only these groups (x-group) / keys; all when empty. */
    ...inputs("groups", "keys"),
    ...states(
      "schema", "values", "draft", "error", "fieldErrors", "saving", "restartRequired", "confirmPassword",
      "restarting", "search",
    ),
  };

  static styles = [
    pageStyles,
    css`
      section.card h2 {
        margin-bottom: var(--sl-spacing-2x-small);
      }
      .group-intro {
        margin-bottom: var(--sl-spacing-large);
      }
      .fields {
        display: flex;
        flex-direction: column;
        gap: var(--sl-spacing-x-large);
      }
      fieldset {
        border: none;
        margin: 0;
        padding: 0;
      }
      legend {
        font-size: var(--sl-input-label-font-size-medium);
        margin-bottom: var(--sl-spacing-3x-small);
        padding: 0;
      }
      .checks {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr));
        gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium);
        margin: var(--sl-spacing-x-small) 0;
      }
      .help {
        font-size: var(--sl-input-help-text-font-size-medium);
        color: var(--helio-muted);
        margin-top: var(--sl-spacing-3x-small);
      }
      .default {
        font-size: var(--sl-font-size-x-small);
      }
      .explain {
        background: var(--helio-surface-2);
        border-radius: var(--sl-border-radius-medium);
        padding: var(--sl-spacing-small) var(--sl-spacing-medium);
        font-size: var(--sl-font-size-small);
        margin-top: var(--sl-spacing-x-small);
      }
      .savebar {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: flex-end;
        gap: var(--sl-spacing-small);
        padding: var(--sl-spacing-small) var(--sl-spacing-medium);
        background: var(--helio-surface);
        border: 1px solid var(--helio-border);
        border-radius: var(--sl-border-radius-large);
        box-shadow: var(--helio-shadow);
      }
      /* Sticky only while there is something to save, so it never hides a field needlessly. */
      .savebar.dirty {
        position: sticky;
        bottom: var(--sl-spacing-small);
        z-index: 2;
        border-color: var(--sl-color-primary-600);
      }
      .savebar .status {
        margin-right: auto;
        font-size: var(--sl-font-size-small);
        color: var(--helio-muted);
      }
      .finder { display: grid; gap: var(--sl-spacing-x-small); }
      nav.sections { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-2x-small) var(--sl-spacing-x-small); }
      nav.sections a { font-size: var(--sl-font-size-small); padding: var(--sl-spacing-3x-small) var(--sl-spacing-x-small);
        border: 1px solid var(--helio-border); border-radius: var(--sl-border-radius-pill); color: var(--helio-text); text-decoration: none; }
      nav.sections a:hover { background: var(--helio-surface-2); }
      section.card { scroll-margin-top: 4.5rem; }
    `,
    alertRowStyles,
  ];

  constructor() {
    super();
    this.groups = [];
    this.keys = [];
    this.draft = {};
    this.fieldErrors = {};
    this.search = "";
  }

  connectedCallback() {
    super.connectedCallback();
    this.load();
  }

  async load() {
    this.error = null;
    try {
      const [openapi, config] = await loadSettings(this.api);
      this.schema = openapi.components.schemas.Settings.properties;
      this.values = config;
      this.draft = {};
      this.fieldErrors = {};
    } catch (error) {
      this.error = error;
    }
  }

  /** [name, schema] pairs shown by this form, in declaration order, matching the search. */
  shown() {
    const needle = this.search.trim().toLowerCase();
    return Object.entries(this.schema).filter(
      ([name, s]) =>
        (!this.keys.length || this.keys.includes(name)) &&
        (!this.groups.length || this.groups.includes(s["x-group"])) &&
        (!needle || searchText(name, s).includes(needle)),
    );
  }

  value(name) {
    return name in this.draft ? this.draft[name] : this.values[name];
  }

  change(name, value) {
    this.draft = { ...this.draft, [name]: value };
    const problem = validateValue(this.schema[name], value);
    // Same wording as the host's errors, as a sentence.
    const errors = { ...this.fieldErrors };
    if (problem) errors[name] = problem.charAt(0).toUpperCase() + problem.slice(1);
    else delete errors[name];
    this.fieldErrors = errors;
  }

  changedKeys() {
    return Object.keys(this.draft).filter((k) => JSON.stringify(this.draft[k]) !== JSON.stringify(this.values[k]));
  }

  /** Changed settings that run code (update source, tool path): the host wants the password again. */
  needsPassword() {
    return this.changedKeys().filter((k) => this.schema?.[k]?.["x-confirm-password"]);
  }

  async save(event) {
    event?.preventDefault();
    const changed = this.changedKeys();
    if (!changed.length) return;
    const confirming = this.needsPassword().length > 0;
    if (confirming && !this.confirmPassword) {
      this.updateComplete.then(() => this.renderRoot.querySelector("#confirm-password")?.focus());
      return;
    }
    const problems = Object.keys(this.fieldErrors).filter((k) => changed.includes(k));
    if (problems.length) {
      this.focusField(problems[0]);
      return;
    }
    this.saving = true;
    this.error = null;
    try {
      const body = Object.fromEntries(changed.map((k) => [k, this.draft[k]]));
      const sent = confirming ? { ...body, current_password: this.confirmPassword } : body;
      const answer = await saveSettings(this.api, sent);
      this.confirmPassword = "";
      this.values = { ...this.values, ...body };
      this.draft = {};
      this.restartRequired = Boolean(answer.restart_required);
      toast(this, "success", t("settings.saved", { count: changed.length }));
      this.dispatchEvent(new CustomEvent("helio-settings-saved", { detail: body, bubbles: true, composed: true }));
    } catch (error) {
      if (error.field && this.schema[error.field]) {
        this.fieldErrors = { ...this.fieldErrors, [error.field]: fieldMessage(error) };
        this.focusField(error.field);
      } else {
        this.error = error;
      }
    } finally {
      this.saving = false;
    }
  }

  jump(event, group) {
    event.preventDefault(); // the console's router owns the URL; scroll only
    this.renderRoot.querySelector(`#group-${slug(group)}`)?.scrollIntoView({ block: "start" });
  }

  focusField(name) {
    this.updateComplete.then(() => this.renderRoot.querySelector(`[data-setting="${name}"]`)?.focus());
  }

  async restart() {
    const ok = await confirmAction({
      heading: t("settings.restartHeading"),
      message: t("settings.restartMessage"),
      confirmLabel: t("logs.restart"),
      variant: "warning",
    });
    if (!ok) return;
    this.restarting = true;
    try {
      await restartHost(this.api);
      await waitForHost(this.api);
      this.restartRequired = false;
      toast(this, "success", t("settings.restarted"));
    } catch (error) {
      this.error = error;
    } finally {
      this.restarting = false;
    }
  }

  /** Stored keys the host has no setting for: kept by the merge, shown so a typo ("prot") is seen. */
  unusedKeys() {
    return Object.keys(this.values ?? {}).filter((k) => k !== "status" && !(k in this.schema));
  }

  render() {
    if (!this.schema) {
      return this.error
        ? html`<helio-error .error=${this.error} heading=${t("settings.couldNotLoad")} retry @retry=${() => this.load()}></helio-error>`
        : html`<helio-loading label=${t("settings.loading")}></helio-loading>`;
    }
    const shown = this.shown();
    const groups = sectionOrder([...new Set(shown.map(([, s]) => s["x-group"]))]);
    const changed = this.changedKeys().length;
    const finder = !this.keys.length && !this.groups.length;
    return html`<form class="stack" novalidate @submit=${this.save}>
      ${this.restartRequired
        ? html`<sl-alert variant="warning" open id="restart-notice">
            <span slot="icon">${icon("rotate-ccw")}</span>
            <span>${t("settings.restartNotice")}</span>
            <sl-button size="small" variant="warning" ?loading=${this.restarting} @click=${() => this.restart()}
              >${icon("rotate-ccw")} ${t("settings.restartNow")}</sl-button
            >
          </sl-alert>`
        : ""}
      <helio-error .error=${this.error}></helio-error>
      ${this.unusedKeys().length
        ? html`<sl-alert variant="neutral" open id="unused-keys">
            <span slot="icon">${icon("info")}</span>
            <span>${words(t("settings.unused"), { keys: this.unusedKeys().map((k, i) => html`${i ? ", " : ""}<code>${k}</code>`) })}</span>
          </sl-alert>`
        : ""}
      ${finder
        ? html`<div class="finder">
            <sl-input type="search" label=${t("settings.find")} clearable placeholder=${t("settings.findPlaceholder")}
              .value=${this.search} @sl-input=${(e) => (this.search = e.target.value)} id="settings-search">
              <span slot="prefix">${icon("search")}</span></sl-input>
            <nav class="sections" aria-label=${t("settings.sections")}>
              ${groups.map((group) => html`<a href="#group-${slug(group)}" @click=${(e) => this.jump(e, group)}>${sectionName(group)}</a>`)}
            </nav>
          </div>`
        : ""}
      ${finder && !shown.length
        ? html`<helio-empty-state icon="search" heading=${t("settings.noMatch", { search: this.search })}>${t("settings.noMatchBody")}</helio-empty-state>`
        : ""}
      ${groups.map(
        (group) => html`<section class="card" aria-labelledby="group-${slug(group)}">
          <h2 id="group-${slug(group)}">${sectionName(group)}</h2>
          <div class="group-intro muted small">${SECTIONS.includes(group) ? t(`section.${group}.intro`) : ""}</div>
          <div class="fields">${shown.filter(([, s]) => s["x-group"] === group).map(([name, s]) => this.renderField(name, s))}</div>
        </section>`,
      )}
      ${this.needsPassword().length
        ? html`<sl-input
            id="confirm-password"
            type="password"
            autocomplete="current-password"
            label=${t("settings.yourPassword")}
            help-text=${t("settings.passwordAgain", { names: this.needsPassword().map((k) => settingTitle(k, this.schema[k])).join(t("settings.and")) })}
            .value=${this.confirmPassword ?? ""}
            @sl-input=${(e) => (this.confirmPassword = e.target.value)}
          ></sl-input>`
        : ""}
      <div class="savebar ${changed ? "dirty" : ""}">
        <span class="status" role="status">${changed ? t("settings.unsaved", { count: changed }) : t("settings.allSaved")}</span>
        <sl-button ?disabled=${!changed || this.saving} @click=${() => ((this.draft = {}), (this.fieldErrors = {}))}>${t("settings.discard")}</sl-button>
        <sl-button type="submit" variant="primary" ?disabled=${!changed} ?loading=${this.saving}>${t("settings.save")}</sl-button>
      </div>
    </form>`;
  }

  renderField(name, s) {
    const value = this.value(name);
    const error = this.fieldErrors[name];
    const help = html`<div slot="help-text">
      <div>${settingHelp(name, s)}</div>
      <div class="default muted">${t("settings.default", { value: valueWords(name, s, s.default) })}</div>
      ${error ? html`<div class="field-error" data-field-error=${name}>${error}</div>` : ""}
    </div>`;
    const label = settingTitle(name, s);
    const explain = EXPLAIN[name]?.(value, s);
    if (s.type === "boolean") {
      return html`<div>
        <sl-switch data-setting=${name} ?checked=${value} @sl-change=${(e) => this.change(name, e.target.checked)}>${label}</sl-switch>
        <div class="help">${settingHelp(name, s)} <span class="default">${t("settings.defaultSwitch", { value: t(s.default ? "settings.on" : "settings.off") })}</span></div>
        ${error ? html`<div class="field-error" data-field-error=${name}>${error}</div>` : ""}
      </div>`;
    }
    if (name === "locale") {
      // The languages this console ships, by their own names; "auto" follows each browser.
      const known = [[AUTO, t("settings.locale.auto")], ...LOCALES];
      const options = known.some(([code]) => code === value) ? known : [...known, [value, value]];
      return html`<sl-select data-setting=${name} label=${label} value=${value} @sl-change=${(e) => this.change(name, e.target.value)}>
        ${options.map(([code, own]) => html`<sl-option value=${code}>${own}</sl-option>`)} ${help}
      </sl-select>`;
    }
    if (s.type === "string" && Array.isArray(s.enum)) {
      return html`<div>
        <sl-select data-setting=${name} label=${label} value=${value} @sl-change=${(e) => this.change(name, e.target.value)}>
          ${s.enum.map((option) => html`<sl-option value=${option}>${optionLabel(name, option)}</sl-option>`)} ${help}
        </sl-select>
        ${explain ?? ""}
      </div>`;
    }
    if (s.type === "integer" || s.type === "number") {
      return html`<sl-input
        data-setting=${name}
        type="number"
        label=${label}
        .value=${String(value ?? "")}
        min=${s.minimum ?? ""}
        max=${s.maximum ?? ""}
        step=${s.type === "integer" ? 1 : "any"}
        inputmode="numeric"
        @sl-input=${(e) => this.change(name, e.target.value === "" ? null : Number(e.target.value))}
      >
        ${s["x-unit"] ? html`<span slot="suffix" class="muted">${unitWords(s["x-unit"])}</span>` : ""} ${help}
      </sl-input>`;
    }
    if (s.type === "array" && Array.isArray(s.items?.enum)) {
      const chosen = new Set(value ?? []);
      return html`<fieldset data-setting-group=${name}>
        <legend>${label}</legend>
        <div class="checks">
          ${s.items.enum.map(
            (option, index) => html`<sl-checkbox
              data-setting=${index === 0 ? name : ""}
              value=${option}
              ?checked=${chosen.has(option)}
              @sl-change=${(e) => {
                const next = new Set(this.value(name) ?? []);
                if (e.target.checked) next.add(option);
                else next.delete(option);
                this.change(name, s.items.enum.filter((o) => next.has(o)));
              }}
              >${optionLabel(name, option)}</sl-checkbox
            >`,
          )}
        </div>
        <div class="help">${settingHelp(name, s)} <span class="default">${t("settings.default", { value: valueWords(name, s, s.default) })}.</span></div>
        ${error ? html`<div class="field-error" data-field-error=${name}>${error}</div>` : ""}
      </fieldset>`;
    }
    if (s.type === "array") {
      return html`<div>
        <sl-textarea
          data-setting=${name}
          label=${label}
          rows="3"
          resize="auto"
          .value=${(value ?? []).join("\n")}
          placeholder=${t("settings.onePerLine")}
          @sl-input=${(e) => this.change(name, e.target.value.split("\n").map((l) => l.trim()).filter(Boolean))}
        >
          ${help}
        </sl-textarea>
        ${explain ?? ""}
      </div>`;
    }
    return html`<sl-input
      data-setting=${name}
      label=${label}
      .value=${value ?? ""}
      @sl-input=${(e) => this.change(name, e.target.value)}
      >${help}</sl-input
    >`;
  }
}
customElements.define("helio-settings-form", HelioSettingsForm);

/**
 * The message shown under a setting: the host's sentence without the field path it starts
 * with (the field is where it shows), and "Line 2:" for an item of a list setting. Both
 * come from the error's machine-readable `fieldPath` ("csrf_allowed_origins[1]").
 */
export function fieldMessage(error) {
  const path = error.fieldPath || "";
  let rest = String(error.message);
  for (const prefix of [`Invalid setting ${path}:`, `Invalid setting ${path}`, `${path}:`, path]) {
    if (path && rest.startsWith(prefix)) {
      rest = rest.slice(prefix.length).trim();
      break;
    }
  }
  const item = /^[^[]*\[(\d+)\]/.exec(path);
  const sentence = rest.charAt(0).toUpperCase() + rest.slice(1);
  return item ? t("settings.line", { n: Number(item[1]) + 1, message: rest }) : sentence;
}

function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

// Words for the values a person picks; the stored value (an id) is never shown.
// (Their words: value.<setting>.<value> in the catalogues.)
const VALUE_WORDS = {
  origin_web_ui_allowed: ["pc", "lan", "wan"],
  capture: ["auto", "kms", "x11", "wlr", "portal", "nvfbc"],
  encoder: ["auto", "nvenc", "vaapi", "software"],
  hardware_metrics_selection: [
    "cpu_usage_percent", "gpu_usage_percent", "gpu_clock_mhz", "gpu_memory_clock_mhz", "gpu_temperature_c",
    "gpu_hotspot_temperature_c", "gpu_memory_temperature_c", "gpu_voltage_mv", "gpu_fan_rpm", "gpu_fan_percent",
    "gpu_power_w", "gpu_board_power_w", "gpu_vram_used_mb", "gpu_vram_usage_percent",
  ],
};
const unitWords = (unit) => (has(`settings.unit.${unit}`) ? t(`settings.unit.${unit}`) : unit);

/**
 * A setting's label and help in the console's language: the catalogue's setting.<name>
 * (whose English is the host's own text, tests/web/test_i18n.py checks it), else the
 * host's words for a setting newer than the catalogue.
 */
function settingTitle(name, s) {
  return has(`setting.${name}`) ? t(`setting.${name}`) : (s?.title ?? name);
}

function settingHelp(name, s) {
  return has(`setting.${name}.help`) ? t(`setting.${name}.help`) : (s?.description ?? "");
}
// Sections in the order a host owner goes through them; any other section follows.
const SECTIONS = ["Network", "Security", "Streaming", "Hardware metrics", "Games and tools", "Updates", "Console"];

function sectionOrder(groups) {
  const rank = (group) => (SECTIONS.includes(group) ? SECTIONS.indexOf(group) : SECTIONS.length);
  return [...groups].sort((a, b) => rank(a) - rank(b));
}

function sectionName(group) {
  return SECTIONS.includes(group) ? t(`section.${group}`) : group;
}

function optionLabel(name, option) {
  if (name === "locale") return option === AUTO ? t("settings.locale.auto") : (LOCALES.find(([code]) => code === option)?.[1] ?? option);
  return VALUE_WORDS[name]?.includes(option) ? t(`value.${name}.${option}`) : option;
}

/** A value (or default) in words: picked options by their names, units spelled out. */
function valueWords(name, schema, value) {
  if (Array.isArray(value)) return value.length ? value.map((v) => optionLabel(name, v)).join(", ") : t("settings.none");
  if (typeof value === "string" && (VALUE_WORDS[name] || name === "locale")) return optionLabel(name, value);
  const unit = schema["x-unit"] ? ` ${unitWords(schema["x-unit"])}` : "";
  return `${describeValue(value)}${value === "" || value === null ? "" : unit}`;
}

/** What the search looks in: the title, the help, the section and the option words. */
function searchText(name, s) {
  const options = (VALUE_WORDS[name] ?? []).map((option) => optionLabel(name, option)).join(" ");
  return `${settingTitle(name, s)} ${settingHelp(name, s)} ${sectionName(s["x-group"] ?? "")} ${options}`.toLowerCase();
}

const EXPLAIN = {
  origin_web_ui_allowed: (value) =>
    html`<div class="explain" id="reach-explained" role="status">
      ${{
        pc: t("settings.reach.pc"),
        lan: t("settings.reach.lan"),
        wan: t("settings.reach.wan"),
      }[value] ?? words(t("settings.reach.other"), { value: html`<code>${value}</code>` })}
    </div>`,
  csrf_allowed_origins: (value) =>
    html`<div class="explain" id="origins-explained">
      ${words(t("settings.origins"), { example: html`<code>https://dashboard.example:8443</code>` })}
      ${value?.length ? t("settings.originsNow", { list: value.join(", ") }) : t("settings.originsNone")}
    </div>`,
};

/** Wait until the host answers again after a restart (up to a minute). */
export async function waitForHost(api, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  await new Promise((r) => setTimeout(r, 1000));
  while (Date.now() < deadline) {
    try {
      await authStatus(api);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  throw new Error(t("settings.noComeBack"));
}
