import type { ApiSnapshot } from '../core/apiSnapshot.ts';
import { FormatError } from './errors.ts';
import { detectStructured } from './index.ts';
import { snapshotOpenApi } from './openapi/snapshot.ts';
import { snapshotPostman } from './postmanSnapshot.ts';

export type ApiSourceKind = 'openapi' | 'postman';

/** A parsed OpenAPI/Swagger document or Postman collection → its kind and normalised snapshot. */
export function snapshotApi(value: unknown, fileName = ''): { kind: ApiSourceKind; snapshot: ApiSnapshot } {
  const format = detectStructured(value);
  if (format === 'openapi') return { kind: format, snapshot: snapshotOpenApi(value, fileName) };
  if (format === 'postman') return { kind: format, snapshot: snapshotPostman(value, fileName) };
  throw new FormatError('not an OpenAPI/Swagger document or a Postman collection', fileName);
}
