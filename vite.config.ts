import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { cataloguePlugin } from "./scripts/catalogue-plugin.ts";

/** The activity log's and the webhooks' own modules (see the chunk groups below). */
const ACTIVITY = /\/src\/web\/(components\/audit\/|lib\/audit-words\.ts$)|\/src\/shared\/audit\.ts$/;
const WEBHOOKS = /\/src\/web\/(components\/webhooks\/|lib\/api\/webhooks\.ts$)/;

// The SPA lives in src/web; the Node server serves the build from dist/web.
export default defineConfig({
  root: "src/web",
  // React's Fast Refresh updates React's own renderer, which the app does not run (Preact's, aliased below):
  // in development a changed module reloads the page instead.
  plugins: [react({ refreshExclude: /./ }), cataloguePlugin()],
  resolve: {
    alias: [
      // The app is written against React's API and types; the browser gets Preact's React layer, ~50 KB lighter
      // than react-dom (decision 47).
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
      { find: /^react$/, replacement: new URL("./src/web/react-on-preact.js", import.meta.url).pathname },
      { find: "#web", replacement: new URL("./src/web", import.meta.url).pathname },
      { find: "#shared", replacement: new URL("./src/shared", import.meta.url).pathname },
    ],
  },
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    manifest: true,
    assetsDir: "assets",
    rolldownOptions: {
      output: {
        // Everything the first page imports in one chunk beside the entry: over HTTP/1.1's six connections a
        // dozen small shared chunks cost round trips, which a slow network pays for more than for bytes.
        // The same for the signed-in screens: the modules several lazy screens share (icons, Mantine pieces, the
        // organization frame) in one chunk, not seventy of ~1 KB each loaded six at a time (issue 22: the members
        // page waited 13 s on Fast 3G, mostly for those round trips).
        codeSplitting: {
          groups: [
            { name: "initial", tags: ["$initial"] },
            // What the sign-in page's header loads when someone reaches for its language button (the language
            // menu: Mantine's Menu and what it floats on), apart, so a guest never downloads the signed-in
            // screens' chunk for it.
            {
              name: "menus",
              test: /@mantine\/core\/esm\/(components\/(Menu|Popover|Portal|FocusTrap)\/|utils\/Floating\/|core\/utils\/get-single-element-child\/)|@floating-ui\/|\/src\/web\/i18n\/language-menu\.tsx$/,
            },
            // Libraries only a few screens use (the sessions' device names, the two-factor QR code), apart, so
            // the shared chunk every signed-in screen waits for does not carry them.
            { name: "devices", test: /\/ua-parser-js\/|\/src\/shared\/device\.ts$/ },
            { name: "qr-code", test: /\/uqr\/|\/src\/web\/components\/qr-code\.tsx$/ },
            // The modules several lazy screens share, in one chunk — but for the activity log's and the webhooks'
            // pieces (an organization's screen and the admin area's each), apart, which every other signed-in
            // screen would otherwise wait for.
            {
              name: "screens",
              minShareCount: 2,
              test: (id: string) => !ACTIVITY.test(id) && !WEBHOOKS.test(id),
            },
            { name: "activity", test: ACTIVITY },
            { name: "webhooks", test: WEBHOOKS },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { "/api": { target: "http://127.0.0.1:3000", changeOrigin: false } },
  },
});
