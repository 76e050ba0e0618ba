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

/** The window property through which a chunk hands i18n.ts its English words (see renderChunk). */
const SOURCE_WORDS = "__gatehouseWords";

/**
 * A locale's catalogues of one group, each message compiled from ICU to Lingui's runtime form (a malformed
 * message fails the build), by long id ("auth.signIn.title"). `watch` is told of each file read.
 */
function compiledMessages(
  locale: string,
  group: CatalogueGroup,
  watch: (path: string) => void = () => undefined,
): Record<string, unknown> {
  const folder = join(DIRECTORY, locale);
  const messages: Record<string, unknown> = {};
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".json"))) {
    const namespace = file.slice(0, -".json".length);
    if (groupOf(namespace) !== group) continue;
    const path = join(folder, file);
    // Each file is watched, not the folder: in development Vite resolves a watched path as an import, and a
    // folder does not resolve (`npm run dev` answered every page with a 500).
    watch(path);
    const catalogue = JSON.parse(readFileSync(path, "utf8")) as Record<string, string>;
    for (const [key, message] of Object.entries(catalogue)) {
      try {
        messages[`${namespace}.${key}`] = compileMessageOrThrow(message);
      } catch (cause) {
        throw new Error(
          `${locale}/${file}: "${key}" is not a valid ICU message: ${(cause as Error).message}`,
        );
      }
    }
  }
  return messages;
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
 *
 * Also in a production build, English's signed-in words travel with the code that says them (decision 50): each
 * chunk loaded after the first page carries the English messages of the ids its own modules quote, handed to
 * i18n.ts as it runs (`SOURCE_WORDS`), and English's `app` catalogue holds only those the first page's modules
 * quote. A screen then brings the words it shows, not the ~2 000 of every signed-in screen (the members page: ~6
 * of 23 KB). Other languages load their whole `app` catalogue, as in development, where every catalogue is whole.
 */
export function cataloguePlugin(): Plugin {
  let short: Map<string, string> | undefined;
  const idOf = (id: string) => short?.get(id) ?? id;
  /** Production build: the `app` group's message ids each module quotes (long ids), by module id. */
  const quotedBy = new Map<string, Set<string>>();
  /** Production build: English's `app` messages, compiled, by long id. */
  let englishApp: Record<string, unknown> | undefined;
  /** The modules the first page loads (every module its entry reaches by static imports). */
  let firstPage: Set<string> | undefined;
  return {
    name: "gatehouse-catalogues",
    // Before JSX is compiled: the code's ids are still as written.
    enforce: "pre",
    configResolved(config) {
      if (config.command === "build" && config.mode === "production") {
        short = new Map(englishIds().map((id, index) => [id, `~${index.toString(36)}`]));
      }
    },
    buildStart() {
      quotedBy.clear();
      englishApp = undefined;
      firstPage = undefined;
    },
    transform(code, id) {
      if (!short || !/\/src\/web\/.*\.tsx?$/.test(id) || id.includes("/i18n/catalogues/")) return undefined;
      let changed = false;
      const app = new Set<string>();
      const result = code.replace(QUOTED_ID, (quoted, messageId: string) => {
        const replacement = short?.get(messageId);
        if (!replacement) return quoted;
        changed = true;
        if (groupOf(messageId.slice(0, messageId.indexOf("."))) === "app") app.add(messageId);
        return `"${replacement}"`;
      });
      if (app.size > 0) quotedBy.set(id, app);
      return changed ? { code: result, map: null } : undefined;
    },
    renderChunk(code, chunk) {
      if (!short) return undefined;
      if (!firstPage) {
        firstPage = new Set();
        const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
        for (const queue = entries; queue.length > 0; ) {
          const id = queue.pop() as string;
          if (firstPage.has(id)) continue;
          firstPage.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      }
      const first = firstPage;
      // English's `app` catalogue: the words of the first page's modules (they run before any screen brought its
      // own); any other chunk after the first page: its own modules' words.
      const modules =
        chunk.facadeModuleId === `\0${ONE}en/app`
          ? [...first]
          : chunk.moduleIds.filter((id) => !first.has(id));
      const ids = new Set(modules.flatMap((id) => [...(quotedBy.get(id) ?? [])]));
      if (ids.size === 0) return undefined;
      englishApp ??= compiledMessages("en", "app");
      const words: Record<string, unknown> = {};
      for (const id of [...ids].sort()) words[idOf(id)] = englishApp[id];
      return {
        code: `(globalThis.${SOURCE_WORDS} ||= []).push(${JSON.stringify(words)});\n${code}`,
        map: null,
      };
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
      // English's signed-in words come with the chunks that say them (renderChunk).
      if (short && locale === "en" && group === "app") return "export default {};\n";
      const messages: Record<string, unknown> = {};
      for (const [messageId, message] of Object.entries(
        compiledMessages(locale, group, (path) => this.addWatchFile(path)),
      )) {
        messages[idOf(messageId)] = message;
      }
      return `export default ${JSON.stringify(messages)};\n`;
    },
  };
}
