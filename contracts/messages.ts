/**
 * Validation messages travel as keys, never as text: the web app translates them with i18next and the
 * server with the same validation namespace of the copy (locales/<language>/validation.json), so both halves show the spec's exact wording.
 * A message is `key` or `key|field`, where `field` names an entry of the fields namespace.
 */
export type MessageRef = string;

export const msg = (key: string, field?: string): MessageRef => (field ? `${key}|${field}` : key);

export function parseMessage(ref: MessageRef): { key: string; field?: string } {
  const [key = ref, field] = ref.split('|');
  return field ? { key, field } : { key };
}
