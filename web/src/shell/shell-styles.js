// The shell's layout: header bar, side nav (a drawer below 900 px), content column.
import { css } from "lit";
import { visuallyHidden } from "../element-kit.js";

export const shellStyles = css`
  :host {
    display: block;
    min-height: 100vh;
    background: var(--helio-bg);
  }
  .gate {
    min-height: 100vh;
    display: flex;
    align-items: center;
    justify-content: center;
    padding: var(--sl-spacing-large);
  }
  .gate > * {
    width: min(100%, 30rem);
  }
  .skip {
    position: absolute;
    left: var(--sl-spacing-small);
    top: -4rem;
    z-index: 10;
    background: var(--helio-surface);
    padding: var(--sl-spacing-small) var(--sl-spacing-medium);
    border-radius: var(--sl-border-radius-medium);
  }
  .skip:focus {
    top: var(--sl-spacing-small);
  }
  header.bar {
    position: sticky;
    top: 0;
    z-index: 5;
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
    height: 3.5rem;
    padding: 0 var(--sl-spacing-medium);
    background: var(--helio-nav-bg);
    border-bottom: 1px solid var(--helio-border);
  }
  header.bar sl-button::part(base) {
    color: var(--helio-text);
  }
  .brand {
    display: inline-flex;
    align-items: center;
    gap: var(--sl-spacing-x-small);
    font-weight: var(--sl-font-weight-bold);
    font-size: var(--sl-font-size-large);
    color: var(--helio-text);
    text-decoration: none;
    padding: var(--sl-spacing-2x-small) var(--sl-spacing-x-small);
    border-radius: var(--sl-border-radius-medium);
  }
  .brand .icon {
    color: #f59e0b;
  }
  .spacer {
    flex: 1;
  }
  a.home {
    display: inline-flex;
    align-items: center;
    gap: var(--sl-spacing-2x-small);
    color: var(--helio-text);
    font-size: var(--sl-font-size-small);
    padding: var(--sl-spacing-2x-small) var(--sl-spacing-x-small);
    border-radius: var(--sl-border-radius-medium);
  }
  .gate {
    flex-direction: column;
    gap: var(--sl-spacing-medium);
  }
  .gate-home {
    text-align: center;
    margin: 0;
  }
  .gate-language {
    display: flex;
    justify-content: flex-end;
  }
  .gate-language helio-language-picker {
    width: min(100%, 16rem);
  }
  @media (max-width: 600px) {
    header a.home .home-words {
      ${visuallyHidden}
    }
    /* Narrower than the card's 30rem, a right-aligned half-width list left its label
       hanging mid-air: it spans the card's width, both edges in line with the card's. */
    .gate-language helio-language-picker {
      width: 100%;
    }
  }
  .menu {
    display: none;
  }
  .layout {
    display: grid;
    grid-template-columns: 15rem minmax(0, 1fr);
    min-height: calc(100vh - 3.5rem);
    /* The nav's column colour runs the page's full height, however long the page. */
    background: linear-gradient(
      to right,
      var(--helio-nav-bg) calc(15rem - 1px),
      var(--helio-border) calc(15rem - 1px) 15rem,
      transparent 15rem
    );
  }
  .who {
    margin-left: var(--sl-spacing-2x-small);
  }
  nav.side {
    position: sticky;
    top: 3.5rem;
    align-self: start;
    height: calc(100vh - 3.5rem);
    overflow-y: auto;
    padding: var(--sl-spacing-medium) var(--sl-spacing-small);
    background: var(--helio-nav-bg);
    border-right: 1px solid var(--helio-border);
  }
  main {
    padding: var(--sl-spacing-x-large) var(--sl-spacing-2x-large) var(--sl-spacing-3x-large);
    max-width: 72rem;
    width: 100%;
    outline: none;
  }
  .group + .group {
    margin-top: var(--sl-spacing-medium);
  }
  .group-title {
    font-size: var(--sl-font-size-x-small);
    font-weight: var(--sl-font-weight-semibold);
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: var(--helio-muted);
    padding: 0 var(--sl-spacing-small);
    margin: 0 0 var(--sl-spacing-2x-small);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  nav a {
    display: flex;
    align-items: center;
    gap: var(--sl-spacing-small);
    padding: var(--sl-spacing-x-small) var(--sl-spacing-small);
    border-radius: var(--sl-border-radius-medium);
    color: var(--helio-text);
    text-decoration: none;
    font-size: var(--sl-font-size-small);
    font-weight: var(--sl-font-weight-semibold);
  }
  nav a:hover {
    background: var(--helio-surface-2);
  }
  nav a[aria-current="page"] {
    background: var(--helio-nav-active);
    color: var(--helio-nav-active-text);
  }
  nav a .icon {
    width: 1.1rem;
    height: 1.1rem;
  }
  sl-drawer::part(panel) {
    background: var(--helio-nav-bg);
    width: min(18rem, 85vw);
  }
  sl-drawer::part(body) {
    padding: var(--sl-spacing-small);
  }
  @media (max-width: 900px) {
    .layout {
      grid-template-columns: minmax(0, 1fr);
      background: none;
    }
    nav.side {
      display: none;
    }
    .menu {
      display: inline-block;
    }
    main {
      padding: var(--sl-spacing-large) var(--sl-spacing-medium) var(--sl-spacing-2x-large);
    }
  }
  @media (max-width: 480px) {
    /* The name stays the button's accessible name, only hidden from view. */
    .who {
      ${visuallyHidden}
    }
  }
  @media (min-width: 901px) {
    sl-drawer {
      display: none;
    }
  }
`;
