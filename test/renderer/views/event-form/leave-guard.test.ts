import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FORM } from '../../../../src/renderer/src/views/event-form/form-values';
import {
  DROP_CHANGES_QUESTION,
  mayLeave,
} from '../../../../src/renderer/src/views/event-form/leave-guard';

describe('Esc on the event form', () => {
  it('leaves at once when nothing was typed, or what was typed was typed back', () => {
    const ask = vi.fn(() => false);
    expect(mayLeave(EMPTY_FORM, { ...EMPTY_FORM }, ask)).toBe(true);
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks before dropping changes, and stays when the answer is no', () => {
    const typed = { ...EMPTY_FORM, name: 'Leeds Winter Open' };
    const ask = vi.fn(() => false);
    expect(mayLeave(EMPTY_FORM, typed, ask)).toBe(false);
    expect(ask).toHaveBeenCalledWith(DROP_CHANGES_QUESTION);
    expect(mayLeave(EMPTY_FORM, typed, () => true)).toBe(true);
  });
});
