// Toasts: any element raises one with the `helio-toast` event; the shell shows it.

/** @param {Element} source  @param {"success"|"danger"|"neutral"|"warning"} variant */
export function toast(source, variant, message) {
  source.dispatchEvent(
    new CustomEvent("helio-toast", { bubbles: true, composed: true, detail: { variant, message } }),
  );
}
