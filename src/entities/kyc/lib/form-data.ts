/**
 * A verification upload as the service reads it: the text fields first (checked before a byte of an image
 * is stored), then the images in the given order.
 */
export function kycFormData(fields: Record<string, string>, files: Record<string, File>, order: readonly string[]): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const name of order) {
    const file = files[name];
    if (file) body.append(name, file, file.name);
  }
  return body;
}

/** Key under `kyc:sex.*` of a stored gender ('1' male, '2' female). */
export const sexKey = (value: string): 'male' | 'female' | 'unknown' => (value === '1' ? 'male' : value === '2' ? 'female' : 'unknown');
