// Scoped API tokens: create from the catalogue (secret shown once), list, revoke.
import { LitElement, html } from "lit";
import { api } from "./api.js";

export class HelioTokens extends LitElement {
  static properties = { routes: { state: true }, tokens: { state: true }, secret: { state: true }, error: { state: true } };

  connectedCallback() {
    super.connectedCallback();
    this.load();
  }

  async load() {
    [this.routes, this.tokens] = await Promise.all([
      api("GET", "/api/token/routes").then((b) => b.routes),
      api("GET", "/api/tokens").then((b) => b.tokens),
    ]);
  }

  async create(event) {
    event.preventDefault();
    const form = new FormData(event.target);
    const scopes = this.routes
      .map((route, i) => ({ path: route.path, methods: route.methods.filter((m) => form.get(`${i}:${m}`) === "on") }))
      .filter((scope) => scope.methods.length);
    try {
      this.secret = (await api("POST", "/api/token", { scopes })).token;
      this.error = null;
      await this.load();
    } catch (error) {
      this.error = error.message;
    }
  }

  async revoke(hash) {
    await api("DELETE", `/api/token/${hash}`);
    await this.load();
  }

  render() {
    return html`
      <h2>API tokens</h2>
      <form id="new-token" @submit=${this.create}>
        ${(this.routes ?? []).map((route, i) => html`
          <div><code>${route.path}</code>
            ${route.methods.map((m) => html`<label><input type="checkbox" name="${i}:${m}"> ${m}</label>`)}
          </div>`)}
        <button type="submit">Create token</button>
      </form>
      ${this.error ? html`<p role="alert">${this.error}</p>` : ""}
      ${this.secret ? html`<p>New token (shown once): <code id="secret">${this.secret}</code></p>` : ""}
      <table id="tokens">
        ${(this.tokens ?? []).map((t) => html`
          <tr data-hash=${t.hash}><td><code>${t.hash.slice(0, 12)}…</code></td>
            <td>${t.scopes.map((s) => `${s.methods.join(",")} ${s.path}`).join("; ")}</td>
            <td><button @click=${() => this.revoke(t.hash)}>Revoke</button></td></tr>`)}
      </table>
    `;
  }
}
customElements.define("helio-tokens", HelioTokens);
