// The console's look in one place: design tokens (CSS custom properties defined in
// console.css on top of Shoelace's light/dark themes), the styles every page shares,
// and the light/dark/system choice (follows the OS unless the user picks one).
import { css } from "lit";
import { visuallyHidden } from "./element-kit.js";

const STORE_KEY = "helio-theme";
const dark = window.matchMedia("(prefers-color-scheme: dark)");

/** "light" | "dark" | "system" as the user chose it. */
export function themeChoice() {
  const saved = localStorage.getItem(STORE_KEY);
  return saved === "light" || saved === "dark" ? saved : "system";
}

/** The theme in effect now: "light" or "dark". */
export function effectiveTheme() {
  const choice = themeChoice();
  return choice === "system" ? (dark.matches ? "dark" : "light") : choice;
}

export function setTheme(choice) {
  if (choice === "system") localStorage.removeItem(STORE_KEY);
  else localStorage.setItem(STORE_KEY, choice);
  applyTheme();
}

function applyTheme() {
  const theme = effectiveTheme();
  const root = document.documentElement;
  root.classList.toggle("sl-theme-dark", theme === "dark");
  root.classList.toggle("sl-theme-light", theme === "light");
  root.style.colorScheme = theme;
  window.dispatchEvent(new CustomEvent("helio-theme", { detail: { theme } }));
}

dark.addEventListener("change", applyTheme);
applyTheme();

/** Shared by every page: `static styles = [pageStyles, css\`...\`]`. */
export const pageStyles = css`
  :host {
    display: block;
    color: var(--helio-text);
    font-family: var(--sl-font-sans);
    font-size: var(--sl-font-size-medium);
    line-height: var(--sl-line-height-normal);
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  h1,
  h2,
  h3 {
    font-weight: var(--sl-font-weight-semibold);
    line-height: var(--sl-line-height-dense);
    margin: 0;
  }
  h2 {
    font-size: var(--sl-font-size-large);
  }
  h3 {
    font-size: var(--sl-font-size-medium);
  }
  p {
    margin: 0;
  }
  a {
    color: var(--helio-link);
  }
  code,
  kbd,
  pre {
    font-family: var(--sl-font-mono);
    font-size: 0.9em;
  }
  :focus-visible {
    outline: var(--sl-focus-ring);
    outline-offset: var(--sl-focus-ring-offset);
  }
  .stack {
    display: flex;
    flex-direction: column;
    gap: var(--sl-spacing-large);
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--sl-spacing-small);
  }
  .grid {
    display: grid;
    gap: var(--sl-spacing-medium);
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 16rem), 1fr));
  }
  .card {
    background: var(--helio-surface);
    border: 1px solid var(--helio-border);
    border-radius: var(--sl-border-radius-large);
    padding: var(--sl-spacing-large);
    min-width: 0;
  }
  .card > h2,
  .card > header {
    margin-bottom: var(--sl-spacing-medium);
  }
  .muted {
    color: var(--helio-muted);
  }
  .small {
    font-size: var(--sl-font-size-small);
  }
  .mono {
    font-family: var(--sl-font-mono);
    overflow-wrap: anywhere;
  }
  .visually-hidden {
    ${visuallyHidden}
  }
  .icon {
    display: inline-flex;
    width: 1.15em;
    height: 1.15em;
    flex: none;
    vertical-align: -0.2em;
  }
  .icon svg {
    width: 100%;
    height: 100%;
  }
  /* Data tables: one style for every list of the console. */
  .table-wrap {
    overflow-x: auto;
    border: 1px solid var(--helio-border);
    border-radius: var(--sl-border-radius-large);
    background: var(--helio-surface);
  }
  table.data {
    width: 100%;
    border-collapse: collapse;
    font-size: var(--sl-font-size-small);
  }
  table.data th,
  table.data td {
    text-align: left;
    padding: var(--sl-spacing-small) var(--sl-spacing-medium);
    border-bottom: 1px solid var(--helio-border);
    vertical-align: middle;
  }
  table.data tr:last-child td {
    border-bottom: none;
  }
  table.data th {
    font-weight: var(--sl-font-weight-semibold);
    color: var(--helio-muted);
    background: var(--helio-surface-2);
    white-space: nowrap;
  }
  table.data td.actions {
    text-align: right;
    white-space: nowrap;
  }
  /* Phone width: tables become stacked cards with the header as a label. */
  @media (max-width: 640px) {
    table.data.stack-on-phone thead {
      display: none;
    }
    table.data.stack-on-phone tr {
      display: block;
      padding: var(--sl-spacing-small) 0;
      border-bottom: 1px solid var(--helio-border);
    }
    table.data.stack-on-phone tr:last-child {
      border-bottom: none;
    }
    table.data.stack-on-phone td {
      display: flex;
      gap: var(--sl-spacing-small);
      justify-content: space-between;
      border: none;
      padding: var(--sl-spacing-2x-small) var(--sl-spacing-medium);
      text-align: right;
    }
    table.data.stack-on-phone td::before {
      content: attr(data-label);
      color: var(--helio-muted);
      font-weight: var(--sl-font-weight-semibold);
      text-align: left;
    }
    table.data.stack-on-phone td.actions {
      justify-content: flex-end;
    }
    table.data.stack-on-phone td.actions::before {
      content: none;
    }
  }
  /* Progress: a native <progress max="100" .value=\${n}> (sl-progress-bar sets a style
     attribute, which the CSP refuses). */
  progress {
    width: 100%;
    height: 0.45rem;
    appearance: none;
    border: none;
    border-radius: var(--sl-border-radius-pill);
    background: var(--helio-surface-2);
    overflow: hidden;
  }
  progress::-webkit-progress-bar {
    background: var(--helio-surface-2);
  }
  progress::-webkit-progress-value {
    background: var(--sl-color-primary-600);
    border-radius: var(--sl-border-radius-pill);
  }
  progress::-moz-progress-bar {
    background: var(--sl-color-primary-600);
  }
  .badge {
    display: inline-flex;
    align-items: center;
    gap: 0.3em;
    padding: 0.1em 0.55em;
    border-radius: var(--sl-border-radius-pill);
    font-size: var(--sl-font-size-x-small);
    font-weight: var(--sl-font-weight-semibold);
    background: var(--helio-surface-2);
    color: var(--helio-text);
    border: 1px solid var(--helio-border);
    white-space: nowrap;
  }
  .badge.success {
    background: var(--helio-success-bg);
    color: var(--helio-success-text);
    border-color: transparent;
  }
  .badge.warning {
    background: var(--helio-warning-bg);
    color: var(--helio-warning-text);
    border-color: transparent;
  }
  .badge.danger {
    background: var(--helio-danger-bg);
    color: var(--helio-danger-text);
    border-color: transparent;
  }
  .badge.primary {
    background: var(--helio-primary-bg);
    color: var(--helio-primary-text);
    border-color: transparent;
  }
  /* Forms: one field per row, label above, help and error below. */
  form.fields {
    display: flex;
    flex-direction: column;
    gap: var(--sl-spacing-large);
  }
  .field-error {
    color: var(--helio-danger-text);
    font-size: var(--sl-font-size-small);
    margin-top: var(--sl-spacing-2x-small);
  }
  sl-input::part(form-control-help-text),
  sl-select::part(form-control-help-text),
  sl-textarea::part(form-control-help-text) {
    color: var(--helio-muted);
  }
`;

/** An alert whose message is a sentence and a button: side by side, wrapping on a phone. */
export const alertRowStyles = css`
  sl-alert::part(message) {
    display: flex;
    flex-wrap: wrap;
    gap: var(--sl-spacing-small);
    align-items: center;
    justify-content: space-between;
  }
`;
