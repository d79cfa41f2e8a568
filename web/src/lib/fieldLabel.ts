import i18n from '../i18n/index.ts';

/**
 * A field's label in the UI language, when the app has one (`common:fields.*`): the API client
 * words server messages with it, the form checks their own. Its own module, so the API client
 * (in every route) does not pull the contracts' schemas in with the form checks.
 */
export function fieldLabel(field: string): string | undefined {
  const key = `common:fields.${field}`;
  return i18n.exists(key) ? i18n.t(key) : undefined;
}
