/**
 * Where an imported file's pages go in the item — ONE rule for the web import (import/auto) and
 * `docs import`, so importing the same file both ways (or again) lands on the same catalogs: the
 * importer's tree at the item's root (an OpenAPI tag, a Postman folder, a zip folder is a top-level
 * catalog), unless the caller names a catalog path (`docs import --catalog a/b`).
 */
export function importCatalogPath(catalog?: string): string[] {
  return catalog === undefined
    ? []
    : catalog
        .split('/')
        .map((s) => s.trim())
        .filter(Boolean);
}
