/**
 * Which catalogue namespaces (the files of `catalogues/<locale>/`) come with the first page. The sign-in page
 * needs only these; every other namespace loads with the first screen behind it (lazyLoad), so a person who
 * only signs in never downloads the words of the admin area.
 */
export const ENTRY_NAMESPACES = ["common", "auth", "errors", "locale"] as const;

export type CatalogueGroup = "entry" | "app";

export function groupOf(namespace: string): CatalogueGroup {
  return (ENTRY_NAMESPACES as readonly string[]).includes(namespace) ? "entry" : "app";
}
