// Entry point: styles, Shoelace's icon libraries (served from our origin), pages, shell.
import "./console.css";
import { registerIconLibrary } from "@shoelace-style/shoelace/dist/utilities/icon-library.js";
import { basePath } from "./config.js";
import "./theme.js";
import "./pages/index.js";
import "./shell/helio-app.js";

// HELIO_SYSTEM_ICONS is the hashed icons folder, set by web/build.mjs.
// eslint-disable-next-line no-undef
const iconFolder = `${basePath}${HELIO_SYSTEM_ICONS}`;
registerIconLibrary("system", { resolver: (name) => `${iconFolder}/${name}.svg` });
registerIconLibrary("default", { resolver: (name) => `${iconFolder}/${name}.svg` });
