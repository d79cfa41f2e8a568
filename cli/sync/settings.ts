import fs from 'node:fs';
import path from 'node:path';
import { yaml } from '../../importers/markdownFolder/lazyYaml.ts';
import { CliFailure } from '../errors.ts';

/** Where and as whom the CLI syncs. */
export interface Settings {
  server: string;
  apiKey: string;
  apiToken: string;
  /** `.docs.json` `assets_root`: where root-relative references resolve (the --assets-root flag overrides it). */
  assetsRoot?: string;
  /** `.docs.json` `max_delete_share`: the mass-deletion guard's share, 0..1 (the --max-delete-share flag overrides it). */
  maxDeleteShare?: number;
  /** `.docs.json` `max_move_share`: the wrong-folder guard's share, 0..1 (the --max-move-share flag overrides it). */
  maxMoveShare?: number;
}

export interface SettingFlags {
  server?: string;
  apiKey?: string;
  apiToken?: string;
}

const FILES = ['.docs.json', '.docs.yml', '.docs.yaml'];

/**
 * Reads `.docs.json` / `.docs.yml` in the docs folder (keys: server, api_key, api_token,
 * assets_root, max_delete_share, max_move_share; camelCase accepted).
 */
function readFileSettings(dir: string): { file: string; values: Partial<Settings> } | null {
  for (const name of FILES) {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    let data: unknown;
    try {
      data = name.endsWith('.json') ? JSON.parse(text) : yaml().parse(text);
    } catch (err) {
      throw new CliFailure(`${name}: cannot parse it: ${(err as Error).message.split('\n')[0]}`);
    }
    if (!data || typeof data !== 'object') throw new CliFailure(`${name}: expected server, api_key and api_token keys`);
    const d = data as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    const assetsRoot = d.assets_root ?? d.assetsRoot;
    if (assetsRoot !== undefined && typeof assetsRoot !== 'string') throw new CliFailure(`${name}: assets_root must be a folder path (text)`);
    const share = d.max_delete_share ?? d.maxDeleteShare;
    if (share !== undefined && !isShare(share)) throw new CliFailure(`${name}: max_delete_share must be a number from 0 to 1 (e.g. 0.25)`);
    const moveShare = d.max_move_share ?? d.maxMoveShare;
    if (moveShare !== undefined && !isShare(moveShare)) throw new CliFailure(`${name}: max_move_share must be a number from 0 to 1 (e.g. 0.25)`);
    return {
      file: name,
      values: {
        server: str(d.server),
        apiKey: str(d.api_key ?? d.apiKey),
        apiToken: str(d.api_token ?? d.apiToken),
        ...(assetsRoot !== undefined ? { assetsRoot } : {}),
        ...(share !== undefined ? { maxDeleteShare: share } : {}),
        ...(moveShare !== undefined ? { maxMoveShare: moveShare as number } : {}),
      },
    };
  }
  return null;
}

function isShare(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;
}

/** Flags override the environment (DOCS_SERVER, DOCS_API_KEY, DOCS_API_TOKEN), which overrides the folder's file. */
export function resolveSettings(flags: SettingFlags, env: NodeJS.ProcessEnv, dir: string): Settings {
  const fromFile = readFileSettings(dir)?.values ?? {};
  const pick = (flag: string | undefined, envName: string, file: string | undefined) => flag?.trim() || env[envName]?.trim() || file;
  const server = pick(flags.server, 'DOCS_SERVER', fromFile.server);
  const apiKey = pick(flags.apiKey, 'DOCS_API_KEY', fromFile.apiKey);
  const apiToken = pick(flags.apiToken, 'DOCS_API_TOKEN', fromFile.apiToken);
  const missing = [!server && '--server / DOCS_SERVER', !apiKey && '--api-key / DOCS_API_KEY', !apiToken && '--api-token / DOCS_API_TOKEN'].filter(Boolean);
  if (missing.length) throw new CliFailure(`missing ${missing.join(', ')} (or put server, api_key and api_token in ${dir === '.' ? '' : `${dir}/`}.docs.json)`);
  if (!/^https?:\/\/[^\s]+$/i.test(server!)) throw new CliFailure(`server: "${server}" is not an http(s) URL`);
  return {
    server: server!.replace(/\/+$/, ''),
    apiKey: apiKey!,
    apiToken: apiToken!,
    ...(fromFile.assetsRoot !== undefined ? { assetsRoot: fromFile.assetsRoot } : {}),
    ...(fromFile.maxDeleteShare !== undefined ? { maxDeleteShare: fromFile.maxDeleteShare } : {}),
    ...(fromFile.maxMoveShare !== undefined ? { maxMoveShare: fromFile.maxMoveShare } : {}),
  };
}
