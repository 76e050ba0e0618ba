import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { LOCALES } from "#shared/i18n/locales.ts";

const root = new URL("../../", import.meta.url).pathname;

/** Each set of catalogues (one folder per locale, one file per namespace) and the code that must use its keys. */
const SETS = [
  { name: "web app", catalogues: "src/web/i18n/catalogues", code: "src/web" },
  { name: "mails", catalogues: "src/server/mail/catalogues", code: "src/server" },
];

type Catalogue = Record<string, string>;

function filesUnder(folder: string, test: (path: string) => boolean): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return entry === "catalogues" ? [] : filesUnder(path, test);
    return test(path) ? [path] : [];
  });
}

/** Every message of a locale, by id ("namespace.key"). */
function readLocale(folder: string): Map<string, string> {
  const messages = new Map<string, string>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".json"))) {
    const namespace = file.slice(0, -".json".length);
    const catalogue = JSON.parse(readFileSync(join(folder, file), "utf8")) as Catalogue;
    for (const [key, message] of Object.entries(catalogue)) {
      expect(typeof message, `${folder}/${file}: ${key}`).toBe("string");
      messages.set(`${namespace}.${key}`, message);
    }
  }
  return messages;
}

interface Shape {
  /** Argument names, with their type ("name", "count:plural", "when:date"). */
  arguments: string[];
  /** The elements a message wraps text in (<link>…</link>), which the code fills. */
  tags: string[];
  /** Each plural's categories, to check against the locale's own rules. */
  plurals: string[][];
}

function shapeOf(message: string): Shape {
  const shape: Shape = { arguments: [], tags: [], plurals: [] };
  const walk = (compiled: CompiledMessage) => {
    for (const token of compiled) {
      if (typeof token === "string") continue;
      const [name, type, format] = token;
      shape.arguments.push(type ? `${name}:${type}` : name);
      if (
        (type === "plural" || type === "selectordinal" || type === "select") &&
        format &&
        typeof format === "object"
      ) {
        const choices = format as Record<string, CompiledMessage | number | undefined>;
        if (type !== "select") shape.plurals.push(Object.keys(choices).filter((k) => k !== "offset"));
        for (const [key, choice] of Object.entries(choices))
          if (key !== "offset" && Array.isArray(choice)) walk(choice);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  shape.tags = [...message.matchAll(/<\/?([A-Za-z0-9_.-]+)\s*\/?>/g)].map((m) => m[1] ?? "");
  const unique = (list: string[]) => [...new Set(list)].sort();
  return { arguments: unique(shape.arguments), tags: unique(shape.tags), plurals: shape.plurals };
}

for (const set of SETS) {
  describe(`message catalogues: ${set.name}`, () => {
    const english = readLocale(join(root, set.catalogues, "en"));
    const code = filesUnder(join(root, set.code), (p) => /\.(ts|tsx)$/.test(p))
      .map((p) => readFileSync(p, "utf8"))
      .join("\n");

    it("has English messages", () => {
      expect(english.size).toBeGreaterThan(0);
    });

    it("uses every English key in the code, written whole (no key is built from pieces)", () => {
      const unused = [...english.keys()].filter((id) => !code.includes(`"${id}"`));
      expect(unused, `unused keys in ${set.catalogues}/en`).toEqual([]);
    });

    for (const locale of LOCALES) {
      it(`${locale}: every key, no extra key, valid ICU, the same arguments and elements, its own plural forms`, () => {
        const messages = readLocale(join(root, set.catalogues, locale));
        expect(
          [...messages.keys()].filter((id) => !english.has(id)),
          `keys only in ${locale}`,
        ).toEqual([]);
        expect(
          [...english.keys()].filter((id) => !messages.has(id)),
          `keys missing from ${locale}`,
        ).toEqual([]);
        const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
        for (const [id, message] of messages) {
          let shape: Shape;
          try {
            shape = shapeOf(message);
          } catch (cause) {
            throw new Error(`${locale} ${id}: not a valid ICU message (${(cause as Error).message})`);
          }
          const reference = shapeOf(english.get(id) ?? "");
          expect(shape.arguments, `${locale} ${id}: arguments`).toEqual(reference.arguments);
          expect(shape.tags, `${locale} ${id}: elements`).toEqual(reference.tags);
          for (const forms of shape.plurals) {
            expect(forms, `${locale} ${id}: a plural needs "other"`).toContain("other");
            const unknown = forms.filter((form) => !form.startsWith("=") && !categories.includes(form));
            expect(unknown, `${locale} ${id}: plural forms ${locale} does not have`).toEqual([]);
            // French, Spanish and Portuguese "many" covers exact millions only ("1 000 000 de jours"), which
            // "other" already says right; every other form the language has must be there.
            const missing = categories.filter((category) => category !== "many" && !forms.includes(category));
            expect(missing, `${locale} ${id}: plural forms ${locale} needs`).toEqual([]);
          }
        }
      });
    }

    it("keeps no catalogue file outside a locale's folder", () => {
      const folders = readdirSync(join(root, set.catalogues));
      expect(folders.sort()).toEqual([...LOCALES].sort());
    });
  });
}
