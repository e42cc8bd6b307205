import { describe, expect, it } from 'vitest';
import {
  holdsUnload,
  unsentSummary,
} from '../../../../src/renderer/src/views/edits/unsent-summary';
import { createEdit, deleteEdit, updateEdit } from './edit-fixtures';

const waiting = (id: number) => createEdit(`Event ${id}`, { id });
const failed = (id: number) =>
  updateEdit({ name: 'x' }, { id, state: 'failed', error: { code: 'forbidden', message: 'No.' } });
const conflicting = (id: number) => deleteEdit({ id, state: 'conflict' });

describe('unsentSummary: the sync bar’s words', () => {
  it('says nothing when nothing waits, or before the list is read', () => {
    expect(unsentSummary([])).toBeNull();
    expect(unsentSummary(null)).toBeNull();
  });

  it('counts the edits not sent yet, singular and plural', () => {
    expect(unsentSummary([waiting(1)])).toEqual({
      count: 1,
      attentionCount: 0,
      text: '1 edit not sent yet',
    });
    expect(unsentSummary([waiting(1), waiting(2), waiting(3)])?.text).toBe('3 edits not sent yet');
  });

  it('counts an edit being sent as not sent yet: it has not reached the service', () => {
    expect(unsentSummary([createEdit('A', { state: 'sending' })])?.text).toBe(
      '1 edit not sent yet',
    );
  });

  it('says edits need the organizer when all that wait are refused or in conflict', () => {
    expect(unsentSummary([failed(1), conflicting(2)])).toEqual({
      count: 2,
      attentionCount: 2,
      text: '2 edits need you',
    });
    expect(unsentSummary([failed(1)])?.text).toBe('1 edit needs you');
  });

  it('says both when some wait for the network and some for the organizer', () => {
    expect(unsentSummary([waiting(1), failed(2), conflicting(3), waiting(4)])?.text).toBe(
      '4 edits not sent yet · 2 need you',
    );
    expect(unsentSummary([waiting(1), failed(2)])?.text).toBe('2 edits not sent yet · 1 needs you');
  });
});

describe('holdsUnload: leaving asks first', () => {
  it('while any edit is not sent, whatever its state', () => {
    expect(holdsUnload([waiting(1)])).toBe(true);
    expect(holdsUnload([failed(1)])).toBe(true);
    expect(holdsUnload([createEdit('A', { state: 'sending' })])).toBe(true);
  });

  it('not when everything reached the service, nor before the list is read', () => {
    expect(holdsUnload([])).toBe(false);
    expect(holdsUnload(null)).toBe(false);
  });

  it('while another service has edits not sent, though this one has none', () => {
    const kept = [{ service: 'https://pitside.example.org', edits: [waiting(4)] }];
    expect(holdsUnload([], kept)).toBe(true);
    expect(holdsUnload(null, kept)).toBe(true);
    expect(holdsUnload([], [{ service: 'demo', edits: [] }])).toBe(false);
  });
});
