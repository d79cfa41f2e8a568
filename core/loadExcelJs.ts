/**
 * exceljs is large; the server and the CLI load it only when a workbook is actually read or
 * written, so start-up and every other request stay free of it. In core/ because the importers
 * and the exporters both read it, and neither may import the other.
 */
let loading: Promise<typeof import('exceljs')> | null = null;

export function loadExcelJs(): Promise<typeof import('exceljs')> {
  loading ??= import('exceljs').then((m) => (m as unknown as { default?: typeof import('exceljs') }).default ?? m);
  return loading;
}
