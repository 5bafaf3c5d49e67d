// Form-field helpers: help text and the API's error for a field, in the Shoelace
// control's help-text slot (so the control's aria-describedby reads both).
import { html } from "lit";

/**
 * `<sl-input ...>${fieldHelp("Shown under the field", this.error, "name")}</sl-input>`
 * The error shows when `error.field` names this field (ApiError.field).
 */
export function fieldHelp(help, error, name) {
  const message = error && error.field === name ? error.message : null;
  return html`<div slot="help-text">
    ${help ? html`<span>${help}</span>` : ""}
    ${message ? html`<div class="field-error" data-field-error=${name}>${message}</div>` : ""}
  </div>`;
}

/** True when `error` belongs next to one of `names` (so the page need not show it again). */
export function isFieldError(error, names) {
  return Boolean(error && error.field && names.includes(error.field));
}

/** Values of a form's named Shoelace controls and native inputs. */
export function formValues(form) {
  const values = {};
  for (const control of form.querySelectorAll("[name]")) {
    if (control.disabled) continue;
    const name = control.getAttribute("name");
    if (control.localName === "sl-checkbox" || control.localName === "sl-switch") values[name] = control.checked;
    else values[name] = control.value;
  }
  return values;
}
