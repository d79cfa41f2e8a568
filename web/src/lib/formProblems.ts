import { contractOf, type ActionName, type Input } from '@core/api/index';
import { fieldProblems } from '@core/api/schema';
import type { z } from 'zod';
import { humaniseMessage } from './errorText.ts';
import { fieldLabel } from './fieldLabel.ts';

/** What `schema` refuses in `values`, by field, worded for people like the server's messages. */
export function schemaProblems(schema: z.ZodType, values: unknown): Record<string, string> {
  const problems = fieldProblems(schema, values);
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, humaniseMessage(`${field}: ${problem}`, fieldLabel)]));
}

/**
 * What the server would refuse in a form's values, checked in the browser with the action's own
 * input schema (its contract's) before sending: `{ team_name: 'Team name is required' }`, by
 * field; empty when the values would pass.
 */
export function formProblems<N extends ActionName>(name: N, values: Input<N>): Partial<Record<string, string>> {
  return schemaProblems(contractOf(name).input, values);
}

/** The first problem of `formProblems`, with its field (forms that show one message at a time). */
export function firstFormProblem<N extends ActionName>(name: N, values: Input<N>): { field: string; message: string } | null {
  const [found] = Object.entries(formProblems(name, values));
  return found ? { field: found[0], message: found[1]! } : null;
}
