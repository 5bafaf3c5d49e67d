// What every Lit element shares, the console's and the demo components' alike: the
// declaration of internal reactive state and the rule that hides text from view only.
// Side-effect free, so the demo components (components/) import it too.
import { css } from "lit";

/** `{a: {state: true}, b: {state: true}}` for `states("a", "b")`: internal reactive state. */
export function states(...names) {
  return Object.fromEntries(names.map((name) => [name, { state: true }]));
}

/**
 * Declarations that take text out of view while screen readers still read it (the
 * accessible name of an icon-only button, a collapsed label on a phone):
 * `.visually-hidden { ${visuallyHidden} }`.
 */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/** `{api: {attribute: false}, …}` for `inputs("api", …)`: properties the parent sets, never attributes. */
export function inputs(...names) {
  return Object.fromEntries(names.map((name) => [name, { attribute: false }]));
}
