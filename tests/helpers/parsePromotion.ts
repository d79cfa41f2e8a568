/**
 * Run as its own process by tests/core/api/schema.test.ts, with --trace-gc-nvp: parses a request's
 * parameters 120,000 times with the API's `preprocess` (argument `helper`) or with zod's
 * `z.preprocess` (`zod`). The test sums what each scavenge promoted to the old generation.
 */
import { z } from 'zod';
import { preprocess } from '../../core/api/schema.ts';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const wrap = process.argv[2] === 'zod' ? z.preprocess : preprocess;
const schema = z.object({ page_id: wrap(emptyToUndefined, z.coerce.number().int().min(1)), lang: wrap(emptyToUndefined, z.string().optional()) }).loose();
let sum = 0;
for (let i = 0; i < 120_000; i++) {
  const parsed = schema.safeParse({ page_id: String((i % 1000) + 1), lang: 'en', user_token: 'a-token' });
  if (parsed.success) sum += parsed.data.page_id;
  // Turns of the event loop between requests, as a server has them.
  if (i % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
}
process.stdout.write(`parsed ${sum}\n`);
