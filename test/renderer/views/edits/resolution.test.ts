import { describe, expect, it } from 'vitest';
import { fieldName } from '../../../../src/renderer/src/views/edits/field-words';
import {
  choicesSummary,
  conflictFields,
  fieldResolution,
  initialChoices,
  resolutionFor,
  type EditConflict,
} from '../../../../src/renderer/src/views/edits/resolution';

const conflict: EditConflict = {
  etag: '"7"',
  fields: {
    streamStatus: { base: 'scheduled', theirs: 'ended', mine: 'live' },
    name: { base: 'Leeds Open', theirs: 'Leeds Winter Cup', mine: 'Leeds Winter Open' },
    'location.venue': { base: null, theirs: 'Hall 1', mine: 'Hall 2' },
  },
};

describe('conflictFields', () => {
  it('lists the fields both sides changed in the form’s order', () => {
    expect(conflictFields(conflict)).toEqual(['name', 'location.venue', 'streamStatus']);
  });
});

describe('the resolver’s answer', () => {
  const fields = conflictFields(conflict);

  it('starts with yours for every field', () => {
    expect(initialChoices(fields)).toEqual({
      name: 'mine',
      'location.venue': 'mine',
      streamStatus: 'mine',
    });
  });

  it('sends every field with its choice when the choices are applied', () => {
    const choices = { ...initialChoices(fields), streamStatus: 'theirs' as const };
    expect(resolutionFor('apply', fields, choices)).toEqual({
      name: 'mine',
      'location.venue': 'mine',
      streamStatus: 'theirs',
    });
  });

  it('names a field left without a choice as yours, not by leaving it out', () => {
    expect(fieldResolution(fields, { name: 'theirs' })).toEqual({
      name: 'theirs',
      'location.venue': 'mine',
      streamStatus: 'mine',
    });
  });

  it('sends one word for all fields from the shortcuts, whatever the radios say', () => {
    const choices = { name: 'theirs' as const };
    expect(resolutionFor('mine', fields, choices)).toBe('mine');
    expect(resolutionFor('theirs', fields, choices)).toBe('theirs');
  });

  it('says what Apply will do before it is done', () => {
    expect(choicesSummary(fields, initialChoices(fields), fieldName)).toBe(
      'Sends your name, venue, stream.',
    );
    expect(choicesSummary(fields, { name: 'theirs', streamStatus: 'theirs' }, fieldName)).toBe(
      'Sends your venue; takes their name, stream.',
    );
    expect(
      choicesSummary(
        fields,
        { name: 'theirs', 'location.venue': 'theirs', streamStatus: 'theirs' },
        fieldName,
      ),
    ).toBe('Takes their name, venue, stream.');
  });
});
