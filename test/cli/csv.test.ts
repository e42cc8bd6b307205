import { describe, expect, it } from 'vitest';
import {
  cellText,
  csvField,
  csvRecordRow,
  csvRow,
  neutraliseFormula,
  quoteField,
  valueAt,
} from '../../src/shared/csv';
import { parseCsv } from './csv-parse';

describe('CSV fields', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+cmd', "'+cmd"],
    ['-2+3', "'-2+3"],
    ['@import', "'@import"],
    ['\tindent', "'\tindent"],
    ['\rreturn', "'\rreturn"],
    ['-', "'-"],
    ['+5', "'+5"],
  ])('neutralises %j as a formula', (text, expected) => {
    expect(neutraliseFormula(text)).toBe(expected);
  });

  it.each(['-5', '-0.25', '-1e-7', '42', 'Team = Robots', 'a-b', ''])(
    'leaves %j as it is',
    (text) => {
      expect(neutraliseFormula(text)).toBe(text);
    },
  );

  it('quotes a field with a comma, a quote or a line break and doubles its quotes', () => {
    expect(quoteField('plain')).toBe('plain');
    expect(quoteField('a,b')).toBe('"a,b"');
    expect(quoteField('say "hi"')).toBe('"say ""hi"""');
    expect(quoteField('two\nlines')).toBe('"two\nlines"');
    expect(quoteField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('neutralises before quoting, so the quote mark sits inside the quoted field', () => {
    expect(csvField('=HYPERLINK("https://x.example","a, b")')).toBe(
      '"\'=HYPERLINK(""https://x.example"",""a, b"")"',
    );
    expect(csvField(-5)).toBe('-5');
    expect(csvField('\r')).toBe('"\'\r"');
  });

  it('writes null as an empty field, lists joined by a space, numbers and booleans as text', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText([254, 1114, 2056])).toBe('254 1114 2056');
    expect(cellText([])).toBe('');
    expect(cellText(0.41379310344827586)).toBe('0.41379310344827586');
    expect(cellText(false)).toBe('false');
    expect(() => cellText({ city: 'Springfield' })).toThrow(TypeError);
  });

  it('reads nested values by dotted path', () => {
    const match = { red: { teams: [1, 2], score: null }, rankings: { world: 3 } };
    expect(valueAt(match, 'red.teams')).toEqual([1, 2]);
    expect(valueAt(match, 'red.score')).toBeNull();
    expect(valueAt(match, 'rankings.world')).toBe(3);
    expect(valueAt(match, 'blue.teams')).toBeUndefined();
    expect(valueAt(match, 'red.teams.length')).toBeUndefined();
  });
});

describe('CSV rows', () => {
  it('end in CRLF and read back field for field', () => {
    const record = {
      id: 'x1',
      name: 'Quote "me", please\nnow',
      location: { city: '@home', country: 'US' },
      red: { teams: [254, 1114], score: -5 },
      winner: null,
    };
    const columns = [
      'id',
      'name',
      'location.city',
      'location.country',
      'red.teams',
      'red.score',
      'winner',
    ];
    const text = csvRow(columns) + csvRecordRow(record, columns);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      columns,
      ['x1', 'Quote "me", please\nnow', "'@home", 'US', '254 1114', '-5', ''],
    ]);
  });
});
