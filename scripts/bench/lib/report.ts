/** Plain-text tables and units for the printed figures. */
export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
export const ms = (value: number): string => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(header.map((_, i) => '-'.repeat(widths[i] ?? 0))), ...rows.map(line)].join('\n');
}
