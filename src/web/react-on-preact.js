// What the browser build gets for `import … from "react"` (vite.config.ts): Preact's React layer, plus the one
// React 19.2 export it lacks. Mantine imports `Activity` for its keepMounted transitions, collapses and tab panels
// (none of which Gatehouse uses); here it keeps its children mounted and hides them while the mode is "hidden".
// Plain JavaScript: preact/compat's types are `export =`, which a TypeScript `export *` cannot re-export.
import { createElement } from "preact/compat";

export * from "preact/compat";
export { default } from "preact/compat";

/** @param {{ mode?: "visible" | "hidden", children?: unknown }} props */
export function Activity({ mode, children }) {
  return createElement("div", { style: { display: mode === "hidden" ? "none" : "contents" } }, children);
}
