import { describe, expect, it } from 'vitest';
import {
  PER_GROUP,
  answersTyped,
  eventValue,
  groupOrder,
  parseValue,
  teamValue,
  typedTeamNumber,
} from '../../../../src/renderer/src/components/quick-open/results';

const found = (...eventIds: string[]) => ({
  events: eventIds.map((id) => ({ id }) as Parameters<typeof groupOrder>[1]['events'][number]),
});

describe('PER_GROUP', () => {
  it('shows five results of each kind', () => {
    expect(PER_GROUP).toBe(5);
  });
});

describe('typedTeamNumber', () => {
  it.each([
    ['254', 254],
    ['1', 1],
    ['99999', 99999],
  ])('reads %j as team %i', (text, teamNumber) => {
    expect(typedTeamNumber(text)).toBe(teamNumber);
  });

  it.each([
    '',
    '0',
    '00',
    '0254',
    '100000',
    '25 4',
    ' 254',
    '254 ',
    '+254',
    '2.5',
    '1e3',
    'frc254',
  ])('reads %j as no team number', (text) => {
    expect(typedTeamNumber(text)).toBeNull();
  });
});

describe('groupOrder', () => {
  it('puts teams first for digits, even when an event matched', () => {
    expect(groupOrder('254', found('2026springfield'))).toEqual(['teams', 'events', 'actions']);
  });

  it('puts teams first for no text and for words that are no event code', () => {
    expect(groupOrder('', found())).toEqual(['teams', 'events', 'actions']);
    expect(groupOrder('spring', found('2026springfield'))).toEqual(['teams', 'events', 'actions']);
  });

  it('puts events first when the text is exactly a found event code, in any case', () => {
    expect(groupOrder('2026springfield', found('2026capital', '2026springfield'))).toEqual([
      'events',
      'teams',
      'actions',
    ]);
    expect(groupOrder('2026SpringField', found('2026springfield'))).toEqual([
      'events',
      'teams',
      'actions',
    ]);
  });

  it('does not put events first for a prefix of a code', () => {
    expect(groupOrder('2026spring', found('2026springfield'))[0]).toBe('teams');
  });

  it('always puts actions last', () => {
    for (const query of ['', '254', '2026springfield', 'theme']) {
      expect(groupOrder(query, found('2026springfield')).at(-1)).toBe('actions');
    }
  });
});

describe('values', () => {
  it('round-trips a team and an event through their cmdk values', () => {
    expect(parseValue(teamValue(254))).toEqual({ kind: 'team', teamNumber: 254 });
    expect(parseValue(eventValue('2026springfield'))).toEqual({
      kind: 'event',
      eventId: '2026springfield',
    });
  });

  it('names an action by its whole value', () => {
    expect(parseValue('action:compare:254')).toEqual({
      kind: 'action',
      value: 'action:compare:254',
    });
  });

  it('names nothing for any other text', () => {
    expect(parseValue('')).toBeNull();
    expect(parseValue('254')).toBeNull();
    expect(parseValue('teams:254')).toBeNull();
  });
});

describe('answersTyped: whether Enter may act on what is highlighted', () => {
  const answer = { value: { teams: [], events: [] }, status: 'ready' as const };

  it('waits while the answer on screen is an earlier text’s', () => {
    expect(answersTyped('2541', { ...answer, previous: true })).toBe(false);
  });

  it('waits while the first answer for the text is read', () => {
    expect(answersTyped('2541', { value: null, status: 'loading' })).toBe(false);
  });

  it('acts on the text’s own answer, or its failure', () => {
    expect(answersTyped('2541', answer)).toBe(true);
    expect(answersTyped('2541', { ...answer, previous: false })).toBe(true);
    expect(answersTyped('2541', { value: null, status: 'error' })).toBe(true);
  });

  it('acts at once on no text, which shows the actions alone', () => {
    expect(answersTyped('', { value: null, status: 'loading' })).toBe(true);
  });
});
