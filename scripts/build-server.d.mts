/** Builds the server bundle to `outfile` (default dist/server/index.js); resolves to its path. */
export function buildServer(outfile?: string): Promise<string>;
