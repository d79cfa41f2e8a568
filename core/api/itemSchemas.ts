import { z } from 'zod';
import { preprocess } from './schema.ts';
import { MAX } from '../limits.ts';

/**
 * `item_id` where ShowDoc also accepts the personalized domain: digits (an id) or letters and
 * digits (a domain). Anything else (negative numbers, punctuation) is a 10100 naming the field.
 */
export const zItemRef = preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z
    .string('is required')
    .min(1, 'is required')
    .max(MAX.itemDomain, `must be at most ${MAX.itemDomain} characters`)
    .regex(/^[A-Za-z0-9]+$/, 'must be an item id or a personalized domain'),
);
