import type { KycReviewRow } from '@contracts';

/**
 * The `fields` locale key naming a submitted field, as the sandbox desk names them: an address is the
 * company's or the person's, a person's `contactIdcard` is their ID number.
 */
export function fieldKey(kind: KycReviewRow['kind'], name: string): string {
  if (name === 'address') return kind === 'organization' ? 'companyAddress' : 'personAddress';
  if (name === 'contactIdcard' && kind !== 'organization') return 'idNumber';
  return name;
}

/** A value as the reviewer reads it: the sex code as a word key (`sexMale` / `sexFemale`), the rest as given. */
export function sexKey(name: string, value: string): 'sexMale' | 'sexFemale' | null {
  if (name !== 'authorSex') return null;
  return value === '1' ? 'sexMale' : value === '2' ? 'sexFemale' : null;
}
