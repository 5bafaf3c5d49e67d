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
import { inputs, states } from "../element-kit.js";
import { announceSignedIn } from "./page-kit.js";

const FIELDS = ["newUsername", "newPassword", "confirmNewPassword"];

export class HelioSetupPage extends LitElement {
  static properties = { ...inputs("api", "status"), ...states("error", "busy") };

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
      this.error = { field: "confirmNewPassword", message: "The two passwords differ; type the same password twice." };
      return;
    }
    this.busy = true;
    try {
      await this.api.loadCsrf();
      await changePassword(this.api, { newUsername: username, newPassword: password, confirmNewPassword: confirm });
      await this.api.signIn(username, password, false);
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
      <summary>About the browser's certificate warning</summary>
      <p>Helio made its own certificate the first time it started, so your browser does not know it yet and warned you
        before opening this page. The connection is still encrypted. To be sure it is your PC that answers:</p>
      <ol>
        <li>the address bar shows this PC's address (here <code>${location.host}</code>), and</li>
        <li>the certificate's SHA-256 fingerprint (click the warning sign in the address bar, then the certificate) is the
          one the host wrote in its log on this PC: the line <code>Certificate fingerprint (SHA-256): …</code> in
          <code>helio.log</code> in its data folder.</li>
      </ol>
      <p>If both match, continue. If not, close this page: something else answered.</p>
    </details>`;
  }

  renderRefused() {
    const port = location.port ? `:${location.port}` : "";
    return html`<h1 id="title">Finish set-up on the host PC</h1>
      <p class="lead">
        This host has no administrator account yet. Until it has one, anybody who can reach it could claim it, so
        Helio only lets the host PC itself create the first account.
      </p>
      <p>To continue, either:</p>
      <ol>
        <li>open <code>https://localhost${port}/</code> in a browser on the host PC, or</li>
        <li>run <code>python -m host creds USERNAME PASSWORD</code> on the host PC,</li>
      </ol>
      <p class="muted small">then come back here and sign in from this device.</p>
      <br />
      <sl-button variant="default" @click=${this.recheck}>${icon("refresh-cw")} Check again</sl-button>`;
  }

  renderForm() {
    const error = this.error;
    return html`<h1 id="title">Create the administrator account</h1>
      <p class="lead">This account signs in to this console and to the API. You can change the password later
        under Change password (in the account menu, top right).</p>
      ${error && !isFieldError(error, FIELDS) ? html`<helio-error .error=${error}></helio-error>` : ""}
      <form class="fields" @submit=${this.submit}>
        <sl-input name="newUsername" label="Username" autocomplete="username" required autofocus>
          ${fieldHelp("", error, "newUsername")}
        </sl-input>
        <sl-input name="newPassword" label="Password" type="password" autocomplete="new-password" password-toggle required>
          ${fieldHelp("Use a long passphrase: it guards the PC's apps and devices.", error, "newPassword")}
        </sl-input>
        <sl-input name="confirmNewPassword" label="Confirm password" type="password" autocomplete="new-password" required>
          ${fieldHelp("", error, "confirmNewPassword")}
        </sl-input>
        <sl-button type="submit" variant="primary" ?loading=${this.busy}>Create account and sign in</sl-button>
      </form>
      ${this.renderCertificate()}`;
  }
}
customElements.define("helio-setup-page", HelioSetupPage);
