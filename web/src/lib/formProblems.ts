import { contractOf, type ActionName, type Input } from '@core/api/index';
import { fieldProblems } from '@core/api/schema';
import i18n from '../i18n/index.ts';
import { humaniseMessage } from './errorText.ts';

/** A field's label in the UI language, when the app has one (`common:fields.*`), as the API client labels server messages. */
function fieldLabel(field: string): string | undefined {
  const key = `common:fields.${field}`;
  return i18n.exists(key) ? i18n.t(key) : undefined;
}

/**
 * What the server would refuse in a form's values, checked in the browser with the action's own
 * input schema before sending: `{ team_name: 'Team name is required' }`, by field, worded for
 * people like the server's messages; empty when the values would pass.
 */
export function formProblems<N extends ActionName>(name: N, values: Input<N>): Partial<Record<string, string>> {
  const problems = fieldProblems(contractOf(name).input, values);
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, humaniseMessage(`${field}: ${problem}`, fieldLabel)]));
}

/** The first problem of `formProblems`, with its field (forms that show one message at a time). */
export function firstFormProblem<N extends ActionName>(name: N, values: Input<N>): { field: string; message: string } | null {
  const [found] = Object.entries(formProblems(name, values));
  return found ? { field: found[0], message: found[1]! } : null;
}
