import type { z } from 'zod';
import { fieldProblems } from '@core/api/schema';
import i18n from '../i18n/index.ts';
import { humaniseMessage } from './errorText.ts';

/** A field's label in the UI language, when the app has one (`common:fields.*`). */
export function fieldLabel(field: string): string | undefined {
  const key = `common:fields.${field}`;
  return i18n.exists(key) ? i18n.t(key) : undefined;
}

/**
 * A form checked in the browser with the action's own input schema (its contract in `core/api/`)
 * before anything is sent: the problem of each field as a sentence for people ("Template title is
 * required"), empty when the server would accept the values.
 */
export function formProblems(schema: z.ZodType, values: unknown): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [field, problem] of Object.entries(fieldProblems(schema, values))) problems[field] = humaniseMessage(`${field}: ${problem}`, fieldLabel);
  return problems;
}

/** The form's problems as one message for its error line (`useSubmit`'s `validate`), '' when none. */
export function formProblem(schema: z.ZodType, values: unknown): string {
  return Object.values(formProblems(schema, values)).join('; ');
}
