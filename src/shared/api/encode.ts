export type FormValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type FormFields = Record<string, FormValue>;

/**
 * Url-encoded body or query string of the spec's calls: empty values are left out, lists are sent as
 * comma lists (spec: "newsId, comma list", "dataIdStr, comma list").
 */
export function encodeForm(fields: FormFields): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}
