/** Plain-text tables for what the scripts print (the benchmark, the Lighthouse gate, page weights). */

export type Align = 'left' | 'right';

/**
 * A plain-text table: a header row, then one row per line, columns
 * separated by two spaces. The first column is aligned left and the others
 * right unless `align` says otherwise.
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[] = []): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const alignOf = (column: number): Align => align[column] ?? (column === 0 ? 'left' : 'right');
  const line = (cells: readonly string[]) =>
    header
      .map((_, column) => {
        const cell = cells[column] ?? '';
        return alignOf(column) === 'left' ? cell.padEnd(widths[column]) : cell.padStart(widths[column]);
      })
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** Bytes as KiB with one decimal, the unit every size table uses. */
export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
