import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from '../../core/sync.ts';

// sync/apply's content limit is checked in core (it runs in the browser too), without Buffer: it
// must count exactly what Node's Buffer.byteLength counts, or a page at the limit would pass one
// check and fail the other (server/commands/sync/limits.ts's assertContentSize).
describe('utf8ByteLength', () => {
  it('counts like Buffer.byteLength for ASCII, 2-, 3- and 4-byte characters and lone surrogates', () => {
    const samples = [
      '',
      'plain',
      'café',
      '文档同步',
      '😀 emoji 👩‍💻',
      'lone \ud800 high',
      'lone \udc00 low',
      'end \ud83d',
      '\ud83d\ud83d\ude00',
      'x'.repeat(10_000) + 'é'.repeat(5000),
    ];
    for (const s of samples) expect(utf8ByteLength(s), JSON.stringify(s.slice(0, 20))).toBe(Buffer.byteLength(s, 'utf8'));
  });
});
