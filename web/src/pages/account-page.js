// Change password: the current password and the new one, with the account policy (from the
// host's published schema of POST /api/password) shown and checked as it is typed. The host
// ends every web session; this page signs this browser straight back in with the new
// password, so only the other sessions end.
import { LitElement, html, css } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/input/input.js";
import "../components/error.js";
import "../components/page-header.js";
import { fieldHelp, isFieldError } from "../components/form.js";
import { toast } from "../components/toast.js";
import { icon } from "../icons.js";
import { pageStyles } from "../theme.js";
import { changePassword, passwordSchema } from "../data/auth.js";
import { inputs, states } from "../element-kit.js";
import { announceSignedIn } from "./page-kit.js";
import { t } from "../i18n.js";

const FIELDS = ["currentPassword", "newUsername", "newPassword", "confirmNewPassword"];

/** The rules a new password and username must meet, from the request schema's bounds. */
export function policyRules(schema) {
  const password = schema?.properties?.newPassword ?? {};
  const username = schema?.properties?.newUsername ?? {};
  const rules = [];
  if (password.minLength) {
    rules.push({ id: "min", text: t("account.rule.min", { count: password.minLength }), met: (v) => v.password.length >= password.minLength });
  }
  if (password.maxLength) {
    rules.push({ id: "max", text: t("account.rule.max", { count: String(password.maxLength) }), met: (v) => v.password.length <= password.maxLength });
  }
  rules.push({ id: "same", text: t("account.rule.same"), met: (v) => Boolean(v.password) && v.password === v.confirm });
  if (username.maxLength) {
    rules.push({
      id: "username",
      text: t("account.rule.username", { count: String(username.maxLength) }),
      met: (v) => v.username.length > 0 && v.username.length <= username.maxLength && !v.username.includes(":"),
    });
  }
  return rules;
}

export class HelioAccountPage extends LitElement {
  static properties = { ...inputs("api", "status"), ...states("schema", "values", "error", "busy", "done") };

  static styles = [
    pageStyles,
    css`
      .card { background: var(--helio-surface); border: 1px solid var(--helio-border); border-radius: var(--sl-border-radius-large);
              padding: var(--sl-spacing-large); max-width: 36rem; display: grid; gap: var(--sl-spacing-medium); }
      form { display: grid; gap: var(--sl-spacing-medium); }
      ul.rules { list-style: none; padding: 0; margin: 0; display: grid; gap: var(--sl-spacing-2x-small); font-size: var(--sl-font-size-small); }
      ul.rules li { display: flex; gap: var(--sl-spacing-x-small); align-items: center; }
      ul.rules li[data-met="true"] { color: var(--sl-color-success-700); }
      ul.rules li[data-met="false"] { color: var(--helio-muted); }
      h2 { font-size: var(--sl-font-size-medium); margin: 0; }
      .note { color: var(--helio-muted); font-size: var(--sl-font-size-small); margin: 0; }
      sl-button[type="submit"] { justify-self: start; }
    `,
  ];

  constructor() {
    super();
    this.schema = null;
    this.values = { username: "", password: "", confirm: "" };
    this.error = null;
    this.busy = false;
    this.done = false;
  }

  connectedCallback() {
    super.connectedCallback();
    this.values = { ...this.values, username: this.status?.username ?? "" };
    this.loadPolicy();
  }

  async loadPolicy() {
    try {
      this.schema = await passwordSchema(this.api);
    } catch (error) {
      this.error = error;
    }
  }

  read() {
    const value = (name) => this.renderRoot.querySelector(`[name=${name}]`)?.value ?? "";
    this.values = { username: value("newUsername"), password: value("newPassword"), confirm: value("confirmNewPassword") };
  }

  async submit(event) {
    event.preventDefault();
    this.read();
    const current = this.status?.username ?? "";
    const currentPassword = this.renderRoot.querySelector("[name=currentPassword]").value;
    const { username, password, confirm } = this.values;
    this.error = null;
    this.done = false;
    this.busy = true;
    try {
      await changePassword(this.api, {
        currentUsername: current,
        currentPassword,
        newUsername: username || current,
        newPassword: password,
        confirmNewPassword: confirm,
      });
      // The host ended every session, this one too: sign this browser back in.
      await this.api.signIn(username || current, password, false);
      this.done = true;
      this.renderRoot.querySelector("form").reset();
      this.values = { username: username || current, password: "", confirm: "" };
      toast(this, "success", t("account.changed"));
      // A new username shows in the bar once the shell reloads its status (a fresh page).
      if (username && username !== current) {
        announceSignedIn(this);
      }
    } catch (error) {
      this.error = error;
    } finally {
      this.busy = false;
    }
  }

  renderRules() {
    const rules = policyRules(this.schema);
    return html`<div>
      <h2 id="rules-title">${t("account.rulesTitle")}</h2>
      <ul class="rules" aria-labelledby="rules-title" data-rules>
        ${rules.map((rule) => {
          const met = rule.met(this.values);
          return html`<li data-rule=${rule.id} data-met=${String(met)}>
            ${icon(met ? "circle-check" : "circle-dot")}<span>${rule.text}</span>
            <span class="visually-hidden">${met ? t("account.met") : t("account.notYet")}</span>
          </li>`;
        })}
      </ul>
    </div>`;
  }

  render() {
    const error = this.error;
    return html`<helio-page-header heading=${t("route.account")}
        subtitle=${t("account.subtitle")}></helio-page-header>
      <div class="card">
        <p class="note">${icon("shield")} ${t("account.note")}</p>
        ${error && !isFieldError(error, FIELDS) ? html`<helio-error .error=${error}></helio-error>` : ""}
        ${this.done ? html`<p role="status" class="note" data-done>${icon("circle-check")} ${t("account.done")}</p>` : ""}
        <form @submit=${this.submit} @sl-input=${this.read}>
          <sl-input name="currentPassword" label=${t("account.current")} type="password" autocomplete="current-password" password-toggle required>
            ${fieldHelp("", error, "currentPassword")}
          </sl-input>
          <sl-input name="newUsername" label=${t("signin.username")} autocomplete="username" .value=${this.values.username}>
            ${fieldHelp(t("account.usernameHelp"), error, "newUsername")}
          </sl-input>
          <sl-input name="newPassword" label=${t("account.new")} type="password" autocomplete="new-password" password-toggle required>
            ${fieldHelp(t("account.newHelp"), error, "newPassword")}
          </sl-input>
          <sl-input name="confirmNewPassword" label=${t("account.again")} type="password" autocomplete="new-password" required>
            ${fieldHelp("", error, "confirmNewPassword")}
          </sl-input>
          ${this.renderRules()}
          <sl-button type="submit" variant="primary" ?loading=${this.busy}>${icon("lock")} ${t("route.account")}</sl-button>
        </form>
      </div>`;
  }
}
customElements.define("helio-account-page", HelioAccountPage);
