/**
 * Points are stored as integers of 1/100 point. These are the only conversions between
 * the API's decimal points and storage cents.
 */
export const CENTS_PER_POINT = 100;

/** Points (number or numeric string) to cents, or null when not a finite amount with at most 2 decimals. */
export function pointsToCents(value: unknown): bigint | null {
  const s = typeof value === 'number' ? (Number.isFinite(value) ? value.toString() : '') : typeof value === 'string' ? value.trim() : '';
  const m = /^(-)?(\d{1,13})(?:\.(\d+))?$/.exec(s);
  if (!m) return null;
  const decimals = (m[3] ?? '').replace(/0+$/, '');
  if (decimals.length > 2) return null;
  const cents = BigInt(m[2]) * 100n + BigInt(decimals.padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Cents to a JSON-safe number of points (exact for every balance below 2^53 cents). */
export const centsToPoints = (cents: bigint | number | string): number => Number(BigInt(cents)) / CENTS_PER_POINT;

/** What a figure shows while it is still loading (never a 0.00 that is not known to be one). */
export const POINTS_PLACEHOLDER = '—';

/**
 * Points shown with 2 decimals and the separators of a number locale (en-US 10,000.00; en-IN
 * 1,00,000.00); the placeholder when unknown. The server's texts keep en-US.
 */
export const formatPoints = (points: number | null | undefined, numberLocale = 'en-US'): string =>
  typeof points === 'number' && Number.isFinite(points)
    ? points.toLocaleString(numberLocale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : POINTS_PLACEHOLDER;
