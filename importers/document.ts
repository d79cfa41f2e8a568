import { parse as parseYaml } from 'yaml';
import { FormatError, IMPORT_LIMITS } from './errors.ts';

/** Bytes → text, refusing what is not UTF-8 (a BOM is dropped). */
export function decodeUtf8(bytes: Uint8Array, where: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new FormatError('the file is not UTF-8 text', where);
  }
}

/**
 * Parses a JSON or YAML document into a value. JSON is tried first (it is also YAML, but the JSON
 * parser is far faster on big specs); YAML aliases are capped against "billion laughs".
 */
export function parseStructured(bytes: Uint8Array, where: string): unknown {
  if (bytes.byteLength > IMPORT_LIMITS.maxDocumentBytes) {
    throw new FormatError(
      `the document is ${(bytes.byteLength / 1048576).toFixed(1)} MB, over the ${IMPORT_LIMITS.maxDocumentBytes / 1048576} MB limit`,
      where,
    );
  }
  const text = decodeUtf8(bytes, where).trim();
  if (!text) throw new FormatError('the file is empty', where);
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new FormatError(`invalid JSON (${(err as Error).message})`, where);
    }
  }
  try {
    return parseYaml(text, { maxAliasCount: 1000, uniqueKeys: false });
  } catch (err) {
    const msg = (err as Error).message.split('\n')[0];
    throw new FormatError(`neither valid JSON nor valid YAML (${msg})`, where);
  }
}

export function isObject(v: unknown): v is Record<string, any> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
