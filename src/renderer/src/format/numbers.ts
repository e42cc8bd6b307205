const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export const formatCount = (value: number): string => whole.format(value);
export const formatScore = (value: number): string => oneDecimal.format(value);
/** 0.8 → "80%"; the service sends win rates as fractions. */
export const formatRate = (value: number): string => `${Math.round(value * 100)}%`;
/** A rank of 0 means the service has none for that season. */
export const formatRank = (rank: number): string => (rank > 0 ? `#${whole.format(rank)}` : '—');
