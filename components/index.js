// The demo components bundle (esbuild: components/index.js -> <site>/__demo-components.js).
// One module defines all three elements; a page loads it once:
//   <script src="__demo-client.js"></script>
//   <script type="module" src="__demo-components.js"></script>
export { DemoQueryPanel } from "./query-panel.js";
export { DemoFixtureExplorer } from "./fixture-explorer.js";
export { DemoControls } from "./controls.js";
