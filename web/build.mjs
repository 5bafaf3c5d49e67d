// Build the console into web/dist: content-hashed bundle (JS + CSS) under assets/,
// the icons Shoelace's own controls ask for, and index.html naming the hashed files.
// Usage: node web/build.mjs [--outdir web/dist] [--base /] [--api-base URL] [--auth cookie|bearer]
//   [--deep-links] [--home URL]
//        node web/build.mjs --flagship
// (--home: a page the console links back to, relative to the console's base.)
// (--api-base and --auth fill index.html's helio-* meta tags.)
// --flagship is the one spelling of the flagship demo's console (fixtures/host-demo/site/console
// links to its output): the Makefile, the tests and bench/ all build it with this flag.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const web = dirname(fileURLToPath(import.meta.url));
const root = dirname(web);
const FLAGSHIP = [
  ["--outdir", join(root, "build", "flagship-console")],
  ["--base", "./"],
  ["--api-base", "https://host:47990"],
  ["--auth", "bearer"],
  ["--deep-links"],
  ["--home", "../"],
].flat();
const argv = process.argv.includes("--flagship") ? FLAGSHIP : process.argv;
const arg = (name, fallback) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : fallback;
};
const outdir = arg("--outdir", join(web, "dist"));
const base = arg("--base", "/");
const apiBase = arg("--api-base", "");
const auth = arg("--auth", "cookie");
const home = arg("--home", "");
// A static host (the flagship demo) has no server to answer a deep link with index.html,
// so --deep-links writes a copy per route: <route>/index.html, whose base leads back up.
const deepLinks = argv.includes("--deep-links");

// Shoelace's built-in ("system") icon names -> lucide-static files. Shoelace fetches
// them from our origin (the CSP forbids the data: URLs it would otherwise use).
const SYSTEM_ICONS = {
  caret: "chevron-down",
  check: "check",
  "chevron-down": "chevron-down",
  "chevron-left": "chevron-left",
  "chevron-right": "chevron-right",
  copy: "copy",
  eye: "eye",
  "eye-slash": "eye-off",
  "grip-vertical": "grip-vertical",
  indeterminate: "minus",
  "person-fill": "user",
  "pause-fill": "pause",
  "play-fill": "play",
  "star-fill": "star",
  radio: "circle-dot",
  "x-circle-fill": "circle-x",
  "x-lg": "x",
};
const lucide = join(root, "node_modules", "lucide-static", "icons");
const iconHash = createHash("sha256");
for (const [name, file] of Object.entries(SYSTEM_ICONS).sort()) {
  iconHash.update(name).update(readFileSync(join(lucide, `${file}.svg`)));
}
const iconDir = `assets/icons-${iconHash.digest("hex").slice(0, 10)}`;

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { console: join(web, "src", "main.js") },
  bundle: true,
  format: "esm",
  minify: true,
  sourcemap: false,
  target: "es2022",
  outdir: join(outdir, "assets"),
  entryNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  loader: { ".svg": "text" },
  define: { HELIO_SYSTEM_ICONS: JSON.stringify(iconDir) },
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
});

mkdirSync(join(outdir, iconDir), { recursive: true });
for (const [name, file] of Object.entries(SYSTEM_ICONS)) {
  cpSync(join(lucide, `${file}.svg`), join(outdir, iconDir, `${name}.svg`));
}

const outputs = Object.keys(result.metafile.outputs).map((p) => relative(outdir, join(root, p)));
const script = outputs.find((p) => p.endsWith(".js"));
const style = outputs.find((p) => p.endsWith(".css"));
const template = readFileSync(join(web, "index.html"), "utf8");
const page = template
  .replace("%BASE%", base)
  .replace("%SCRIPT%", script)
  .replace("%STYLE%", style)
  .replace('name="helio-api-base" content=""', `name="helio-api-base" content="${apiBase}"`)
  .replace('name="helio-auth" content="cookie"', `name="helio-auth" content="${auth}"`)
  .replace('name="helio-home" content=""', `name="helio-home" content="${home}"`);
writeFileSync(join(outdir, "index.html"), page);
if (deepLinks) {
  // The console's one route table (router.js imports the same file); "" is the index itself.
  const table = JSON.parse(readFileSync(join(web, "src", "routes.json"), "utf8"));
  const paths = table.routes.map((route) => route.path).filter((path) => path !== "");
  // Any other path below the console: a static host that answers a folder's 404.html
  // (and the demo's worker, which also makes its base absolute) shows the console, whose
  // router renders the page or its not-found page.
  writeFileSync(join(outdir, "404.html"), page);
  const upBase = base.startsWith("/") ? base : `../${base.replace(/^\.\//, "")}`;
  for (const path of paths) {
    mkdirSync(join(outdir, path), { recursive: true });
    writeFileSync(join(outdir, path, "index.html"), page.replace(`<base href="${base}">`, `<base href="${upBase}">`));
  }
}
writeFileSync(
  join(outdir, "manifest.json"),
  JSON.stringify({ script, style, icons: iconDir, index: "index.html" }, null, 2) + "\n",
);
