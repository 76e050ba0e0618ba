import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastSession } from "#server/http/session-fast-path.ts";
import { membersPageParams } from "#shared/contracts/organizations.ts";
import { type Locale, negotiateLocale } from "#shared/i18n/locales.ts";

/**
 * What a signed-in screen asks for the moment its script runs, announced with index.html in a `Link` header
 * (issue 22: the members page on a slow phone link). Without it the browser learns of the screen's code only
 * once the entry script (~190 KB) has arrived and run, and of its data only once that code has rendered, one
 * round trip after another: org list → permissions → members. With it, all of it downloads beside the entry.
 *
 * Only for a request whose session cookie is plainly valid (the get-session fast path's rule), and only what
 * that screen will ask for: the code of every signed-in screen (the lazy screens' styles and shared chunk, the
 * header's menus, the signed-in words in the browser's language), an organization page's frame and section,
 * and the data they load first: the organization list, the pending invitations and domain offers the header's
 * switcher shows, the member's permissions in an organization of theirs and, on its members page without a
 * search, the first page of members. Each data URL is spelt as the web app
 * spells it (the same client, `credentials: include`), or the browser would fetch it twice.
 */

/** One chunk of Vite's build manifest (`build.manifest`): its file, the chunks it imports, its styles. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Where the build leaves its manifest, inside the static directory (never served: app.ts). */
export const MANIFEST_PATH = join(".vite", "manifest.json");

/** The modules every signed-in screen loads at once: the lazy screens' styles and the header's signed-in menus. */
const SIGNED_IN_MODULES = [
  "mantine-styles-lazy.ts",
  "components/user-menu.tsx",
  "i18n/language-menu.tsx",
  "features/organizations/components/organization-switcher.tsx",
];
const ORGANIZATION_FRAME = "features/organizations/components/organization-layout.tsx";
/** `/org/<slug>/<section>`'s screen, by the organization screens' naming (the overview at `/org/<slug>`). */
const organizationSection = (section: string) =>
  `features/organizations/components/${section || "overview"}-page.tsx`;
/**
 * A language's words (scripts/catalogue-plugin.ts's virtual modules, as the manifest names them): the first
 * page's (English's come with the entry), and the signed-in screens'.
 */
const words = (locale: Locale, group: "entry" | "app") =>
  `../../virtual:gatehouse-catalogue/${locale}/${group}`;

const ORGANIZATION_PAGE = /^\/org\/([^/]+)(?:\/([a-z-]+))?\/?$/;

export interface ScreenRequest {
  path: string;
  /** The query string, without `?` ("" when none). */
  search: string;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

export interface ScreenHintsDeps {
  staticDir: string;
  fastSession: FastSession;
  /** organization/list's answer for a user, as encoded JSON (the hot path's own). */
  organizationList: (userId: string) => Buffer | Promise<Buffer>;
  locales: readonly Locale[];
  defaultLocale: Locale;
}

/**
 * How long a page's answer waits for its hints (the session and organization reads; on SQLite they are
 * synchronous): a slow database must not hold back the loading shell, which is worth more than the hints.
 */
export const HINTS_BUDGET_MS = 200;

/** The `Link` header value for a screen request, or undefined (a guest, or a build without a manifest). */
export type ScreenHints = (request: ScreenRequest) => Promise<string | undefined>;

function readManifest(staticDir: string): Manifest | undefined {
  const path = join(staticDir, MANIFEST_PATH);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Manifest) : undefined;
}

function decodedSlug(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined; // a malformed escape: the page says it found no such organization
  }
}

export function createScreenHints(deps: ScreenHintsDeps): ScreenHints {
  const manifest = readManifest(deps.staticDir) ?? {};
  // The entry's own script and styles lead: over HTTP/1.1's six connections they must not queue behind the rest
  // (index.html names them with `crossorigin`, so the hints do too, or the browser would fetch them again).
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const entryLinks = entry
    ? [
        ...(entry.css ?? []).map((css) => `</${css}>; rel=preload; as=style; crossorigin`),
        `</${entry.file}>; rel=modulepreload`,
      ]
    : [];

  /** A module's files (its chunk, the chunks it imports, their styles) beyond the entry index.html loads. */
  function addFiles(key: string, into: Set<string>) {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) addFiles(imported, into);
  }
  // Each module's files, walked once: the manifest does not change while the server runs (only the manifest's
  // own keys are kept, so a path naming no screen adds nothing).
  const filesOfModule = new Map<string, string[]>();
  function filesOf(key: string): string[] {
    let files = filesOfModule.get(key);
    if (!files) {
      const found = new Set<string>();
      addFiles(key, found);
      files = [...found];
      if (manifest[key]) filesOfModule.set(key, files);
    }
    return files;
  }

  async function organizationData(userId: string, slug: string, section: string, search: string) {
    const organizations = JSON.parse((await deps.organizationList(userId)).toString()) as {
      id: string;
      slug: string;
    }[];
    const organization = organizations.find((candidate) => candidate.slug === slug);
    if (!organization) return [];
    const id = new URLSearchParams({ organizationId: organization.id });
    const urls = [`/api/auth/organization/my-permissions?${id}`];
    if (section === "members" && search === "") {
      const query = new URLSearchParams(id);
      for (const [name, value] of Object.entries(membersPageParams({}))) {
        if (value !== undefined && value !== "") query.append(name, String(value));
      }
      urls.push(`/api/auth/organization/list-members?${query}`);
    }
    return urls;
  }

  /** Hints for `files`, stylesheets as style preloads and scripts as module preloads. */
  function fileLinks(modules: string[]): string[] {
    const files = new Set<string>();
    for (const module of modules) for (const file of filesOf(module)) files.add(file);
    return [...files].map((file) =>
      file.endsWith(".css")
        ? `</${file}>; rel=preload; as=style; crossorigin`
        : `</${file}>; rel=modulepreload`,
    );
  }

  async function hints({ path, search, cookie, acceptLanguage }: ScreenRequest): Promise<string | undefined> {
    if (Object.keys(manifest).length === 0) return undefined;
    const locale = negotiateLocale(acceptLanguage, deps.locales, deps.defaultLocale);
    const found = cookie ? await deps.fastSession.read(cookie, (found) => found) : undefined;
    // A guest's first page waits for nothing but its words, when they are not English.
    if (!found) return fileLinks([words(locale, "entry")]).join(", ") || undefined;
    const modules = [words(locale, "entry"), ...SIGNED_IN_MODULES, words(locale, "app")];
    const data = ["/api/auth/organization/list", "/api/auth/organization/list-user-invitations"];
    const organizationPage = ORGANIZATION_PAGE.exec(path);
    if (organizationPage) {
      const [, slug = "", section = ""] = organizationPage;
      modules.push(ORGANIZATION_FRAME, organizationSection(section));
      const name = decodedSlug(slug);
      if (name !== undefined) data.push(...(await organizationData(found.userId, name, section, search)));
    }
    const links = [
      ...entryLinks,
      // What every screen waits for (index.html preloads them too: the browser asks once), ahead of the rest.
      "</api/auth/get-session>; rel=preload; as=fetch; crossorigin=use-credentials",
      "</api/config>; rel=preload; as=fetch; crossorigin=anonymous",
      "</api/domain-offers>; rel=preload; as=fetch; crossorigin=anonymous",
      ...data.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`),
      ...fileLinks(modules),
    ];
    return links.join(", ");
  }

  return (request) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, HINTS_BUDGET_MS, undefined);
    });
    return Promise.race([hints(request), late]).finally(() => clearTimeout(timer));
  };
}
