// What the admin pages share beyond the framework: running an async action with its
// progress and error, matching an API error to a form field, sectioned pages' styles,
// the line that says a thing is simulated, downloads and time words.
import { css, html, nothing } from "lit";
import { icon } from "../icons.js";
import { toast } from "../components/toast.js";
import { formatDateTime } from "../i18n.js";
import { t } from "../i18n.js";

/**
 * A mixin for pages whose buttons start API calls. `busy` names the running action
 * (buttons show `loading` while it matches) and `errors` keeps each area's last ApiError,
 * shown by `<helio-error>` next to what failed: nothing is swallowed.
 */
export const Actions = (Base) =>
  class extends Base {
    static properties = {
      ...Base.properties,
      busy: { state: true },
      errors: { state: true },
    };

    constructor() {
      super();
      this.busy = "";
      this.errors = {};
    }

    /** Run `fn`; on success toast `success` (a string or a function of the result). */
    async act(key, fn, { area = key, success } = {}) {
      this.busy = key;
      this.errors = { ...this.errors, [area]: null };
      try {
        const result = await fn();
        const message = typeof success === "function" ? success(result) : success;
        if (message) toast(this, "success", message);
        return result;
      } catch (error) {
        this.errors = { ...this.errors, [area]: error };
        return undefined;
      } finally {
        if (this.busy === key) this.busy = "";
      }
    }

    isBusy(key) {
      return this.busy === key;
    }
  };

/** Pages made of titled sections (devices, displays, logs): the sections' spacing and headings. */
export const sectionStyles = css`
  section { margin-block: var(--sl-spacing-x-large); }
  h2 { font-size: var(--sl-font-size-large); margin: 0 0 var(--sl-spacing-small); display: flex; gap: var(--sl-spacing-small); align-items: center; }
`;

/** Tell the shell the user has signed in (or changed name): it reloads its status. */
/**
 * One line saying what the page shows is simulated (the browser demo's made-up PC): shown
 * only where the host's answer says `"simulated": true`, never guessed by the console.
 * `hostWords`: what the host itself says about it (English), kept in the line's title, so
 * a visitor reads one sentence, in the console's language.
 */
export function simulatedNote(id, message, hostWords = "") {
  return html`<p class="simulated-note" id=${id} title=${hostWords || nothing}>${icon("info")} ${message}</p>`;
}
export const simulatedNoteStyles = css`
  .simulated-note { margin: var(--sl-spacing-medium) 0 0; color: var(--helio-muted); display: flex; gap: var(--sl-spacing-x-small); align-items: center; }
`;

export function announceSignedIn(element) {
  element.dispatchEvent(new CustomEvent("helio-signed-in", { bubbles: true, composed: true }));
}

/** The form field an API error is about: the host's `field` when it is one of `names`. */
export function fieldOf(error, names) {
  return error?.field && names.includes(error.field) ? error.field : null;
}

/** Offer a Blob to the user as a file download. */
export function saveBlob(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const UNITS = ["B", "KiB", "MiB", "GiB", "TiB"];
export function formatBytes(bytes) {
  if (bytes == null || Number.isNaN(Number(bytes))) return "—";
  let value = Number(bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit ? value.toFixed(value < 10 ? 1 : 0) : value} ${UNITS[unit]}`;
}

/** An epoch-seconds time as a date and time in the console's language (Intl). */
export function formatTime(seconds) {
  if (!seconds) return "—";
  return formatDateTime(seconds);
}

/** "12 s", "3 min 05 s": a countdown's remaining time. */
export function formatRemaining(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t("time.seconds", { count: s });
  return t("time.minutesSeconds", { minutes: Math.floor(s / 60), seconds: String(s % 60).padStart(2, "0") });
}

/** "just now", "5 min ago": how long ago an epoch-seconds time was. */
export function ago(seconds, now = Date.now() / 1000) {
  const d = Math.max(0, Math.round(now - seconds));
  if (d < 10) return t("time.justNow");
  if (d < 60) return t("time.secondsAgo", { count: d });
  if (d < 3600) return t("time.minutesAgo", { count: Math.floor(d / 60) });
  if (d < 86400) return t("time.hoursAgo", { count: Math.floor(d / 3600) });
  return formatTime(seconds);
}
