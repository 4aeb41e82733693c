/** A gateway record's body as a person reads it: JSON indented, anything else (XML, a form) as received. */
export function readableBody(body: string): string {
  const text = body.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return body;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return body;
  }
}
