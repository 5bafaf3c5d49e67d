// Light / dark / follow-the-OS choice, as a menu button in the header.
import { LitElement, css, html } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/dropdown/dropdown.js";
import "@shoelace-style/shoelace/dist/components/menu/menu.js";
import "@shoelace-style/shoelace/dist/components/menu-item/menu-item.js";
import { icon } from "../icons.js";
import { effectiveTheme, setTheme, themeChoice } from "../theme.js";
import { states, visuallyHidden } from "../element-kit.js";
import { t } from "../i18n.js";

const CHOICES = [
  { value: "system", label: () => t("theme.system"), icon: "sun-moon" },
  { value: "light", label: () => t("theme.light"), icon: "sun" },
  { value: "dark", label: () => t("theme.dark"), icon: "moon" },
];

export class HelioThemeToggle extends LitElement {
  static properties = states("choice");
  static styles = css`
    .visually-hidden {
      ${visuallyHidden}
    }
    .icon {
      display: inline-flex;
      width: 1.2em;
      height: 1.2em;
    }
    .icon svg {
      width: 100%;
      height: 100%;
    }
    sl-button::part(base) {
      color: var(--helio-text);
    }
  `;

  constructor() {
    super();
    this.choice = themeChoice();
  }

  pick(event) {
    setTheme(event.detail.item.value);
    this.choice = themeChoice();
  }

  render() {
    const shown = effectiveTheme() === "dark" ? "moon" : "sun";
    const current = CHOICES.find((c) => c.value === this.choice);
    return html`<sl-dropdown placement="bottom-end" hoist>
      <sl-button slot="trigger" variant="text" size="medium" caret>
        ${icon(shown)}<span class="visually-hidden">${t("theme.current", { name: current.label() })}</span>
      </sl-button>
      <sl-menu @sl-select=${this.pick} aria-label=${t("theme.label")}>
        ${CHOICES.map(
          (c) => html`<sl-menu-item type="checkbox" value=${c.value} ?checked=${c.value === this.choice}>
            <span slot="prefix">${icon(c.icon)}</span>${c.label()}
          </sl-menu-item>`,
        )}
      </sl-menu>
    </sl-dropdown>`;
  }
}
customElements.define("helio-theme-toggle", HelioThemeToggle);
