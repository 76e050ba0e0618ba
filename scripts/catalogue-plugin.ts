import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import { LOCALES } from "../src/shared/i18n/locales.ts";
import { type CatalogueGroup, groupOf } from "../src/web/i18n/groups.ts";

const DIRECTORY = new URL("../src/web/i18n/catalogues/", import.meta.url).pathname;
const ONE = "virtual:gatehouse-catalogue/";
const ALL = "virtual:gatehouse-catalogues";

/** Every message id of the English catalogue ("auth.signIn.title"), in a stable order. */
function englishIds(): string[] {
  const folder = join(DIRECTORY, "en");
  return readdirSync(folder)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .flatMap((file) => {
      const namespace = file.slice(0, -".json".length);
      const keys = Object.keys(
        JSON.parse(readFileSync(join(folder, file), "utf8")) as Record<string, string>,
      );
      return keys.map((key) => `${namespace}.${key}`);
    });
}

/** A message id as the code spells it: a quoted namespace and key. */
const QUOTED_ID = /"([a-z][A-Za-z]*\.[A-Za-z0-9_.]+)"/g;

/**
 * The web app's message catalogues as modules: `virtual:gatehouse-catalogue/<locale>/<group>` is every
 * namespace of that group, keys prefixed with their namespace ("auth.signIn.title"), each message compiled from
 * ICU to Lingui's runtime form here, so the browser carries no message parser and a malformed message fails the
 * build. `virtual:gatehouse-catalogues` maps each locale and group to a loader of its module.
 *
 * In a production build every id becomes a short one ("auth.signIn.title" → "a3"), in the catalogues and in the
 * code's quoted ids alike: the long ids would otherwise ride twice in the first page's script, once in the code
 * and once in the catalogue.
 */
export function cataloguePlugin(): Plugin {
  let short: Map<string, string> | undefined;
  const idOf = (id: string) => short?.get(id) ?? id;
  return {
    name: "gatehouse-catalogues",
    // Before JSX is compiled: the code's ids are still as written.
    enforce: "pre",
    configResolved(config) {
      if (config.command === "build" && config.mode === "production") {
        short = new Map(englishIds().map((id, index) => [id, `~${index.toString(36)}`]));
      }
    },
    transform(code, id) {
      if (!short || !/\/src\/web\/.*\.tsx?$/.test(id) || id.includes("/i18n/catalogues/")) return undefined;
      let changed = false;
      const result = code.replace(QUOTED_ID, (quoted, messageId: string) => {
        const replacement = short?.get(messageId);
        if (!replacement) return quoted;
        changed = true;
        return `"${replacement}"`;
      });
      return changed ? { code: result, map: null } : undefined;
    },
    resolveId(id) {
      if (id === ALL || id.startsWith(ONE)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (id === `\0${ALL}`) {
        // English's entry words are in the first chunk already (imported by i18n.ts, which never asks for them).
        const entry = (locale: string) =>
          locale === "en"
            ? "() => Promise.resolve({ default: {} })"
            : `() => import("${ONE}${locale}/entry")`;
        const entries = LOCALES.map(
          (locale) =>
            `${JSON.stringify(locale)}: { entry: ${entry(locale)}, app: () => import("${ONE}${locale}/app") }`,
        );
        return `export default {\n${entries.join(",\n")}\n};\n`;
      }
      if (!id.startsWith(`\0${ONE}`)) return undefined;
      const [locale = "", group] = id.slice(ONE.length + 1).split("/") as [string, CatalogueGroup];
      const folder = join(DIRECTORY, locale);
      // Each file is watched, not the folder: in development Vite resolves a watched path as an import, and a
      // folder does not resolve (`npm run dev` answered every page with a 500).
      const messages: Record<string, unknown> = {};
      for (const file of readdirSync(folder).filter((f) => f.endsWith(".json"))) {
        const namespace = file.slice(0, -".json".length);
        if (groupOf(namespace) !== group) continue;
        const path = join(folder, file);
        this.addWatchFile(path);
        const catalogue = JSON.parse(readFileSync(path, "utf8")) as Record<string, string>;
        for (const [key, message] of Object.entries(catalogue)) {
          try {
            messages[idOf(`${namespace}.${key}`)] = compileMessageOrThrow(message);
          } catch (cause) {
            throw new Error(
              `${locale}/${file}: "${key}" is not a valid ICU message: ${(cause as Error).message}`,
            );
          }
        }
      }
      return `export default ${JSON.stringify(messages)};\n`;
    },
  };
}
