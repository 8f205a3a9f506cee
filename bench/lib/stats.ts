/** Median of a non-empty list (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) {
    throw new Error('median of an empty list');
  }
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Smallest and largest value of a non-empty list. */
export function range(values: readonly number[]): { min: number; max: number } {
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** `12,345` style integer formatting, independent of the machine's locale. */
export function formatInt(value: number): string {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Fixed-decimals formatting. */
export function formatFixed(value: number, decimals = 2): string {
  return value.toFixed(decimals);
}

/**
 * A plain-text table: first row is the header; numeric-looking cells are right-aligned.
 */
export function renderTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  const numeric = /^[-+]?[\d,.]+( ?[a-z/%]+)?$/i;
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) => (numeric.test(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  if (!header) {
    return '';
  }
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n');
}
