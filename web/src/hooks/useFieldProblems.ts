import { useState } from 'react';
import type { z } from 'zod';
import i18n from '../i18n/index.ts';
import { schemaProblems } from '../lib/formProblems.ts';

/**
 * A form checked in the browser with its action's own input schema (the contract's), before
 * anything is sent: `check(values)` records each field's problem in people's words ("Username
 * must be 2–50 letters…", shown next to the field) and answers a message for the form that stops
 * useSubmit's submit, or null when the server would accept the values.
 */
export function useFieldProblems(schema: z.ZodType) {
  const [problems, setProblems] = useState<Record<string, string>>({});
  const check = (values: unknown): string | null => {
    const found = schemaProblems(schema, values);
    setProblems(found);
    return Object.keys(found).length ? i18n.t('common:errors.checkFields') : null;
  };
  return { problems, check };
}
