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

/**
 * A gateway record's verdict as the server keeps it (`paid: credited`, `missing`, `refused: bad signature`,
 * `error: timeout`), split into the word the locale names and what follows: a settlement outcome for a known
 * state, the gateway's or our own detail (kept as received) after `refused` and `error`.
 */
export function verdictParts(verdict: string): { state: string; outcome: string; detail: string } {
  const at = verdict.indexOf(': ');
  const state = at < 0 ? verdict : verdict.slice(0, at);
  const rest = at < 0 ? '' : verdict.slice(at + 2);
  return state === 'refused' || state === 'error' ? { state, outcome: '', detail: rest } : { state, outcome: rest, detail: '' };
}
