// Shared look of the set-up and sign-in cards (centred, before the shell's chrome).
import { css } from "lit";

export const gateStyles = css`
  .card {
    padding: var(--sl-spacing-2x-large);
    box-shadow: var(--helio-shadow);
  }
  .brand {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
    font-weight: var(--sl-font-weight-bold);
    font-size: var(--sl-font-size-large);
    margin-bottom: var(--sl-spacing-large);
  }
  .brand .icon {
    color: #f59e0b;
  }
  h1 {
    font-size: var(--sl-font-size-x-large);
    margin-bottom: var(--sl-spacing-x-small);
  }
  .lead {
    color: var(--helio-muted);
    margin-bottom: var(--sl-spacing-large);
  }
  form.fields {
    gap: var(--sl-spacing-medium);
  }
  sl-button[type="submit"] {
    width: 100%;
    margin-top: var(--sl-spacing-x-small);
  }
  helio-error {
    margin-bottom: var(--sl-spacing-medium);
  }
  ol {
    padding-left: 1.25rem;
    margin: var(--sl-spacing-small) 0 var(--sl-spacing-large);
    display: flex;
    flex-direction: column;
    gap: var(--sl-spacing-x-small);
  }
`;
