/** One CSV cell: a Date as ISO 8601, null as empty; quoted when it holds a quote, comma or line break. */
export const csvCell = (v: unknown): string => {
  const s = v instanceof Date ? v.toISOString() : v === null || v === undefined ? '' : String(v);
  // A leading = + - @ would be a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A CSV file's text: a header line and one line per row, CRLF-terminated (RFC 4180). */
export const csvText = (head: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  [head.map(csvCell).join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\r\n') + '\r\n';
