/**
 * Environments of the HTTP test tool: named sets of `{{variable}}` values, per item, kept in this
 * browser's localStorage (per user and device). Chosen over server storage because the values are
 * often personal (tokens, a local base URL) and never need to reach the Folio server: the tool
 * sends requests straight from the browser.
 */
interface HttpEnvironment {
  name: string;
  /** `name=value` lines as the user typed them. */
  variables: string;
}

export interface ItemEnvironments {
  active: string;
  list: HttpEnvironment[];
}

const key = (itemId: number | string) => `folio_http_env_${itemId}`;
const EMPTY_ENVIRONMENTS: ItemEnvironments = { active: '', list: [] };

export function loadEnvironments(itemId: number | string): ItemEnvironments {
  try {
    const raw = JSON.parse(localStorage.getItem(key(itemId)) ?? 'null') as ItemEnvironments | null;
    return raw && Array.isArray(raw.list) ? raw : EMPTY_ENVIRONMENTS;
  } catch {
    return EMPTY_ENVIRONMENTS;
  }
}

export function saveEnvironments(itemId: number | string, envs: ItemEnvironments): void {
  localStorage.setItem(key(itemId), JSON.stringify(envs));
}

/** `name=value` lines → a map (blank lines and lines without `=` are ignored). */
export function parseVariables(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf('=');
    if (at > 0) vars.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return vars;
}

/** Replaces `{{name}}` with the variable's value; unknown names stay as written. */
export function substitute(text: string, vars: Map<string, string>): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => vars.get(name) ?? whole);
}
