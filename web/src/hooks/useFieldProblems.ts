import { fieldProblems } from '@core/api/schema';
import { useState } from 'react';
import type { z } from 'zod';
import i18n from '../i18n/index.ts';
import { humaniseMessage } from '../lib/errorText.ts';

/** A field's label in the UI language, when the app has one (`common:fields.*`). */
function fieldLabel(field: string): string | undefined {
  const key = `common:fields.${field}`;
  return i18n.exists(key) ? i18n.t(key) : undefined;
}

/**
 * A form checked in the browser with its action's own input schema (the contract's), before
 * anything is sent: `check(values)` records each field's problem in people's words ("Username
 * must be 2–50 letters…", shown next to the field) and answers a message for the form that stops
 * useSubmit's submit, or null when the server would accept the values.
 */
export function useFieldProblems(schema: z.ZodType) {
  const [problems, setProblems] = useState<Record<string, string>>({});
  const check = (values: unknown): string | null => {
    const found: Record<string, string> = {};
    for (const [field, problem] of Object.entries(fieldProblems(schema, values))) found[field] = humaniseMessage(`${field}: ${problem}`, fieldLabel);
    setProblems(found);
    return Object.keys(found).length ? i18n.t('common:errors.checkFields') : null;
  };
  return { problems, check };
}
