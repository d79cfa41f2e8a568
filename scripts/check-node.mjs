#!/usr/bin/env node
// `npm start` and `npm run test:security` run this first: one clear line on an older Node.
import { requireNode24 } from '../bin/requireNode.mjs';

requireNode24(process.argv[2] ?? 'Folio');
