// Sign-in: username, password, "remember me"; errors shown (a 429 says how long to wait).
import { LitElement, html } from "lit";
import "@shoelace-style/shoelace/dist/components/alert/alert.js";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/checkbox/checkbox.js";
import "@shoelace-style/shoelace/dist/components/input/input.js";
import "../components/error.js";
import { icon } from "../icons.js";
import { pageStyles } from "../theme.js";
import { gateStyles } from "./gate-styles.js";
import { t } from "../i18n.js";
import { states } from "../element-kit.js";
import { announceSignedIn } from "./page-kit.js";

export class HelioSigninPage extends LitElement {
  static properties = {
    api: { attribute: false },
    locale: { attribute: false }, // set by the shell: the page renders its words again when it changes
    reason: {},
    ...states("error", "busy", "waitUntil"),
  };

  static styles = [pageStyles, gateStyles];

  async submit(event) {
    event.preventDefault();
    const form = event.target;
    const username = form.querySelector("[name=username]").value;
    const password = form.querySelector("[name=password]").value;
    const remember = form.querySelector("[name=remember]").checked;
    this.busy = true;
    this.error = null;
    try {
      await this.api.signIn(username, password, remember);
      announceSignedIn(this);
    } catch (error) {
      this.error = error;
      if (error.status === 429 && error.retryAfter) this.holdFor(error.retryAfter);
      form.querySelector("[name=password]").select?.();
    } finally {
      this.busy = false;
    }
  }

  /** After a 429 the button stays disabled until the host accepts tries again. */
  holdFor(seconds) {
    this.waitUntil = Date.now() + seconds * 1000;
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      if (Date.now() >= this.waitUntil) {
        clearInterval(this.timer);
        this.waitUntil = null;
      }
      this.requestUpdate();
    }, 1000);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    clearInterval(this.timer);
  }

  render() {
    const waiting = this.waitUntil ? Math.max(0, Math.ceil((this.waitUntil - Date.now()) / 1000)) : 0;
    return html`<section class="card" aria-labelledby="title">
      <div class="brand">${icon("sun")}<span>Helio</span></div>
      <h1 id="title">${t("signin.title")}</h1>
      <p class="lead">${t("signin.lead")}</p>
      ${this.reason
        ? html`<sl-alert variant="primary" open role="status"><span slot="icon">${icon("info")}</span>${this.reason}</sl-alert><br />`
        : ""}
      <helio-error .error=${this.error}></helio-error>
      <form class="fields" @submit=${this.submit}>
        <sl-input name="username" label=${t("signin.username")} autocomplete="username" required autofocus></sl-input>
        <sl-input name="password" label=${t("signin.password")} type="password" autocomplete="current-password" password-toggle required></sl-input>
        <sl-checkbox name="remember" help-text=${t("signin.rememberHelp")}
          >${t("signin.remember")}</sl-checkbox
        >
        <sl-button type="submit" variant="primary" ?loading=${this.busy} ?disabled=${waiting > 0}>
          ${waiting > 0 ? t("signin.wait", { seconds: waiting }) : t("signin.submit")}
        </sl-button>
      </form>
    </section>`;
  }
}
customElements.define("helio-signin-page", HelioSigninPage);
