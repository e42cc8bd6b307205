import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatRank,
  formatRate,
  formatScore,
} from '../../../src/renderer/src/format/numbers';

// Grouping separators depend on the locale: compare digits only where they may appear.
const digits = (text: string) => text.replace(/\D/g, '');

describe('formatRank', () => {
  it('shows a dash for a rank of 0, which means the service has none', () => {
    expect(formatRank(0)).toBe('—');
  });

  it('shows a real rank with a number sign', () => {
    expect(formatRank(1)).toBe('#1');
    expect(formatRank(42)).toBe('#42');
  });

  it('groups a large rank as the locale does, keeping all its digits', () => {
    const text = formatRank(12345);
    expect(text.startsWith('#')).toBe(true);
    expect(digits(text)).toBe('12345');
  });
});

describe('formatRate', () => {
  it.each([
    [0.8, '80%'],
    [0, '0%'],
    [1, '100%'],
    [0.125, '13%'],
    [0.3333, '33%'],
    [0.6667, '67%'],
  ])('shows the fraction %d as %s', (fraction, text) => {
    expect(formatRate(fraction)).toBe(text);
  });
});

describe('formatCount and formatScore', () => {
  it('shows counts as whole numbers', () => {
    expect(digits(formatCount(1234.6))).toBe('1235');
    expect(formatCount(7)).toBe('7');
  });

  it('shows scores with exactly one decimal', () => {
    expect(formatScore(3)).toMatch(/^3[.,]0$/);
    expect(formatScore(41.26)).toMatch(/^41[.,]3$/);
  });
});
