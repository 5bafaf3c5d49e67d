// First run: create the administrator account. The host accepts this only from the host
// PC itself; from anywhere else the page explains why and what to do.
import { LitElement, css, html } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/input/input.js";
import "../components/error.js";
import { fieldHelp, isFieldError } from "../components/form.js";
import { icon } from "../icons.js";
import { pageStyles } from "../theme.js";
import { gateStyles } from "./gate-styles.js";
import { changePassword } from "../data/auth.js";
import { saveSettings } from "../data/settings.js";
import { inputs, states } from "../element-kit.js";
import { announceSignedIn } from "./page-kit.js";
import { AUTO, locale, t, visitorLocale, words } from "../i18n.js";

const FIELDS = ["newUsername", "newPassword", "confirmNewPassword"];

export class HelioSetupPage extends LitElement {
  // `locale`: set by the shell, so the page renders its words again when the language changes.
  static properties = { ...inputs("api", "status", "locale"), ...states("error", "busy") };

  static styles = [
    pageStyles,
    gateStyles,
    css`
      details.certificate { margin-top: var(--sl-spacing-large); padding-top: var(--sl-spacing-medium); border-top: 1px solid var(--helio-border); }
      details.certificate summary { cursor: pointer; font-weight: 600; margin-bottom: var(--sl-spacing-x-small); }
    `,
  ];

  async submit(event) {
    event.preventDefault();
    const value = (name) => this.renderRoot.querySelector(`[name=${name}]`).value;
    const [username, password, confirm] = FIELDS.map(value);
    this.error = null;
    if (password !== confirm) {
      this.error = { field: "confirmNewPassword", message: t("setup.differ") };
      return;
    }
    this.busy = true;
    try {
      await this.api.loadCsrf();
      await changePassword(this.api, { newUsername: username, newPassword: password, confirmNewPassword: confirm });
      await this.api.signIn(username, password, false);
      // The console goes on in the language this page spoke: a language picked here
      // becomes the host's setting, the browser's own language becomes "auto".
      const spoken = { locale: visitorLocale() ? locale() : AUTO };
      await saveSettings(this.api, spoken);
      this.dispatchEvent(new CustomEvent("helio-settings-saved", { detail: spoken, bubbles: true, composed: true }));
      announceSignedIn(this);
    } catch (error) {
      this.error = error;
    } finally {
      this.busy = false;
    }
  }

  recheck() {
    announceSignedIn(this);
  }

  render() {
    return html`<section class="card" aria-labelledby="title">
      <div class="brand">${icon("sun")}<span>Helio</span></div>
      ${this.status?.setup_allowed ? this.renderForm() : this.renderRefused()}
    </section>`;
  }

  /** Why the browser warned before showing this page, and what to check. */
  renderCertificate() {
    return html`<details class="certificate" id="certificate-warning">
      <summary>${t("setup.cert.summary")}</summary>
      <p>${t("setup.cert.why")}</p>
      <ol>
        <li>${words(t("setup.cert.address"), { address: html`<code>${location.host}</code>` })}</li>
        <li>${words(t("setup.cert.fingerprint"), {
          line: html`<code>Certificate fingerprint (SHA-256): …</code>`,
          file: html`<code>helio.log</code>`,
        })}</li>
      </ol>
      <p>${t("setup.cert.match")}</p>
    </details>`;
  }

  renderRefused() {
    const port = location.port ? `:${location.port}` : "";
    return html`<h1 id="title">${t("setup.refused.title")}</h1>
      <p class="lead">${t("setup.refused.lead")}</p>
      <p>${t("setup.refused.either")}</p>
      <ol>
        <li>${words(t("setup.refused.open"), { address: html`<code>https://localhost${port}/</code>` })}</li>
        <li>${words(t("setup.refused.run"), { command: html`<code>python -m host creds USERNAME PASSWORD</code>` })}</li>
      </ol>
      <p class="muted small">${t("setup.refused.then")}</p>
      <br />
      <sl-button variant="default" @click=${this.recheck}>${icon("refresh-cw")} ${t("setup.refused.check")}</sl-button>`;
  }

  renderForm() {
    const error = this.error;
    return html`<h1 id="title">${t("setup.title")}</h1>
      <p class="lead">${t("setup.lead")}</p>
      ${error && !isFieldError(error, FIELDS) ? html`<helio-error .error=${error}></helio-error>` : ""}
      <form class="fields" @submit=${this.submit}>
        <sl-input name="newUsername" label=${t("signin.username")} autocomplete="username" required autofocus>
          ${fieldHelp("", error, "newUsername")}
        </sl-input>
        <sl-input name="newPassword" label=${t("signin.password")} type="password" autocomplete="new-password" password-toggle required>
          ${fieldHelp(t("setup.passwordHelp"), error, "newPassword")}
        </sl-input>
        <sl-input name="confirmNewPassword" label=${t("setup.confirm")} type="password" autocomplete="new-password" required>
          ${fieldHelp("", error, "confirmNewPassword")}
        </sl-input>
        <sl-button type="submit" variant="primary" ?loading=${this.busy}>${t("setup.submit")}</sl-button>
      </form>
      ${this.renderCertificate()}`;
  }
}
customElements.define("helio-setup-page", HelioSetupPage);
