// The language list of the set-up and sign-in pages: a visitor who cannot change the host's
// `locale` setting yet (no account, or not signed in) picks the console's language here. The
// pick is kept in this browser (i18n.js) and the shell applies it at once.
import { LitElement, css, html } from "lit";
import "@shoelace-style/shoelace/dist/components/select/select.js";
import "@shoelace-style/shoelace/dist/components/option/option.js";
import { icon } from "../icons.js";
import { LOCALES, locale, rememberVisitorLocale, t } from "../i18n.js";
import { inputs } from "../element-kit.js";

export class HelioLanguagePicker extends LitElement {
  // `locale`: the shell's current choice, so the list re-renders in the new language.
  static properties = inputs("locale");

  static styles = css`
    .icon {
      display: flex;
      width: 1.1em;
      height: 1.1em;
    }
    .icon svg {
      width: 100%;
      height: 100%;
    }
  `;

  pick(event) {
    const code = event.target.value;
    rememberVisitorLocale(code);
    this.dispatchEvent(new CustomEvent("helio-visitor-locale", { detail: code, bubbles: true, composed: true }));
  }

  render() {
    // The names are each language's own, so a visitor finds theirs whatever is shown now.
    return html`<sl-select id="language" label=${t("gate.language")} size="small" value=${locale()} @sl-change=${this.pick}>
      <span slot="prefix">${icon("globe")}</span>
      ${LOCALES.map(([code, own]) => html`<sl-option value=${code} lang=${code}>${own}</sl-option>`)}
    </sl-select>`;
  }
}
customElements.define("helio-language-picker", HelioLanguagePicker);
