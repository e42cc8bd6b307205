import { describe, expect, it } from 'vitest';
import { movesFocus } from '../../../../src/renderer/src/focus-on-move';
import { paths } from '../../../../src/renderer/src/routes';
import { renameMove } from '../../../../src/renderer/src/views/events/use-follow-rename';
import { isLocalEventCode } from '../../../../src/shared/wire/local-code';

describe('following an event created here to its service code', () => {
  it('moves the form to the new code in place, leaving focus in the field being typed in', () => {
    const move = renameMove('2026leedswinter', paths.editEvent);
    expect(move.path).toBe(paths.editEvent('2026leedswinter'));
    expect(move.options.replace).toBe(true);
    expect(movesFocus(move.options.state)).toBe(false);
  });

  it('still moves focus to the heading on a move to another view', () => {
    expect(movesFocus(null)).toBe(true);
    expect(movesFocus(undefined)).toBe(true);
    expect(movesFocus({ from: '/events' })).toBe(true);
  });

  it('knows a temporary code from a service code', () => {
    expect(isLocalEventCode('localab12cd34ef56')).toBe(true);
    expect(isLocalEventCode('2026leedswinter')).toBe(false);
  });
});
