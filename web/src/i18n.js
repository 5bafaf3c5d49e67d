// The console's translation layer: one message catalogue per locale (web/src/locales/*.json,
// the same keys in each: tests/web/test_i18n.py checks it), plurals through
// Intl.PluralRules and dates through Intl.DateTimeFormat in the chosen locale.
//
// The locale (chooseLocale, the one place it is decided): signed in, the host's `locale`
// setting (GET /api/configLocale, public) when it names a shipped catalogue, else the
// browser's own languages (navigator.languages), else English; the setting's value "auto"
// means "each browser's own language". Before signing in the visitor cannot change that
// setting, so the language they picked on the set-up or sign-in page (kept in this browser)
// comes first there, and before any account exists nobody has chosen the setting yet (a
// fresh host says "en"), so the set-up page follows the browser. Until the host answers
// at all (the flagship's boot screen), the visitor's pick, else the browser's languages.
import en from "./locales/en.json";
import fr from "./locales/fr.json";
import de from "./locales/de.json";

export const CATALOGUES = { en, fr, de };
/** [code, the language's own name] of every shipped locale, for the settings list. */
export const LOCALES = Object.entries(CATALOGUES).map(([code, messages]) => [code, messages["language.name"]]);
export const AUTO = "auto";

let current = "en";

/** The shipped locale for a language tag ("fr-CA" -> "fr"), or null. */
export function shipped(tag) {
  if (!tag || typeof tag !== "string") return null;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return base in CATALOGUES ? base : null;
}

/** Where the visitor's own pick (the gate's language list) is kept in this browser. */
const VISITOR_CHOICE = "helio.locale";

/** The language this browser's visitor picked before signing in, or null. */
export function visitorLocale() {
  try {
    return shipped(localStorage.getItem(VISITOR_CHOICE));
  } catch {
    return null; // storage refused (a private window's policy): no pick kept
  }
}

/** Keep the visitor's pick in this browser (applied by the next chooseLocale). */
export function rememberVisitorLocale(code) {
  try {
    localStorage.setItem(VISITOR_CHOICE, code);
  } catch {
    // Not kept across visits, but the shell still applies it to this page.
  }
}

/**
 * Choose the console's locale and apply it to the document. `gate` says which page stands
 * in front of the console: "setup" (no account yet), "signin", "boot" (the host has not
 * answered yet: the visitor's pick, else the browser's languages), or null (signed in, or
 * not known yet). See the top of this file for the order.
 */
export function chooseLocale(setting, { gate = null, visitor = visitorLocale(), languages = navigator.languages ?? [navigator.language] } = {}) {
  const fromSetting = gate === "setup" ? null : setting && setting !== AUTO && shipped(setting);
  const chosen = (gate && visitor) || fromSetting || languages.map(shipped).find(Boolean) || "en";
  current = chosen;
  document.documentElement.lang = chosen;
  return chosen;
}

export function locale() {
  return current;
}

/**
 * The message `key` in the current locale with `{name}` placeholders filled from
 * `params`. A message with plural forms ({"one": ..., "other": ...}) picks its form from
 * `params.count`. A key missing in this locale falls back to English, never to the key.
 */
export function t(key, params = {}) {
  let message = CATALOGUES[current]?.[key] ?? en[key];
  if (message === undefined) throw new Error(`No message "${key}" in the console's catalogue`);
  if (typeof message === "object") {
    const form = new Intl.PluralRules(current).select(Number(params.count ?? 0));
    message = message[form] ?? message.other;
  }
  return message.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params ? (typeof params[name] === "number" ? new Intl.NumberFormat(current).format(params[name]) : String(params[name])) : whole,
  );
}

/** An epoch-seconds time as a date and time in the current locale. */
export function formatDateTime(seconds) {
  return new Intl.DateTimeFormat(current, { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
}

/**
 * A message whose placeholders are markup (a `<code>` inside a sentence): the message's
 * text pieces with each `{name}` replaced by `parts[name]`, as a list lit renders in order.
 */
export function words(message, parts) {
  return message.split(/\{(\w+)\}/).map((piece, index) => (index % 2 ? (parts[piece] ?? `{${piece}}`) : piece));
}

/** A time of day (a Date, or epoch seconds) in the current locale. */
export function formatClock(when) {
  const date = when instanceof Date ? when : new Date(when * 1000);
  return new Intl.DateTimeFormat(current, { timeStyle: "medium" }).format(date);
}

/** A percentage (0-100) with the locale's digits: "42.5 %", "42,5 %" (the space everywhere, as the console always wrote it). */
export function formatPercent(value) {
  return `${new Intl.NumberFormat(current, { maximumFractionDigits: 1, minimumFractionDigits: Number.isInteger(Number(value)) ? 0 : 1, useGrouping: false }).format(Number(value))} %`;
}

/** Whether the catalogue has `key` (for words keyed by an identifier the host may extend). */
export function has(key) {
  return key in en;
}
