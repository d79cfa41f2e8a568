import type { ApiSnapshot } from '../../core/apiSnapshot.ts';

/** Stored form of a snapshot: the builders' key order is deterministic, so equal APIs give equal text. */
export function snapshotText(snapshot: ApiSnapshot): string {
  return JSON.stringify(snapshot);
}

/**
 * snapshotText in pieces (one per operation) whose concatenation is exactly that text. GitHub's
 * description gives 12.6 MB of snapshot JSON: made as one string, then hashed and gzipped, it
 * raised the import's peak RSS by ~50 MB; piece by piece it is never whole in memory.
 */
export function* snapshotTextPieces(snapshot: ApiSnapshot): Generator<string> {
  let first = true;
  for (const [key, value] of Object.entries(snapshot)) {
    if (value === undefined || typeof value === 'function') continue;
    const head = `${first ? '{' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (key !== 'operations' || !Array.isArray(value)) {
      yield head + JSON.stringify(value);
      continue;
    }
    yield `${head}[`;
    for (let i = 0; i < value.length; i++) yield (i ? ',' : '') + (JSON.stringify(value[i]) ?? 'null');
    yield ']';
  }
  yield first ? '{}' : '}';
}
