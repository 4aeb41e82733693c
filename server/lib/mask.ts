/** `110***********002X`: the first three and the last four characters of an ID number. */
export const maskIdCard = (v: string) =>
  v.length > 7 ? `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}` : '*'.repeat(v.length);
/** `138****8000`. */
export const maskPhone = (v: string) => (v.length === 11 ? `${v.slice(0, 3)}****${v.slice(-4)}` : '*'.repeat(v.length));
/** Only the last four digits of a bank account. */
export const maskAccount = (v: string) => (v.length > 4 ? `${'*'.repeat(v.length - 4)}${v.slice(-4)}` : '*'.repeat(v.length));
