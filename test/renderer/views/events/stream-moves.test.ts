import { describe, expect, it } from 'vitest';
import {
  isStreamTransitionAllowed,
  STREAM_STATUSES,
  type StreamStatus,
} from '../../../../src/shared/wire/event';
import { streamMoves, undoableMove } from '../../../../src/renderer/src/views/events/stream-moves';

const targets = (from: StreamStatus) => streamMoves(from).map((move) => move.to);

describe('streamMoves', () => {
  it('offers exactly the transitions of decisions.md', () => {
    expect(targets('none')).toEqual(['scheduled']);
    expect(targets('scheduled')).toEqual(['none', 'live']);
    expect(targets('live')).toEqual(['ended']);
    expect(targets('ended')).toEqual(['scheduled']);
  });

  it('never offers a move the service refuses, nor staying where it is', () => {
    for (const from of STREAM_STATUSES) {
      for (const to of STREAM_STATUSES) {
        const offered = targets(from).includes(to);
        expect(offered).toBe(from !== to && isStreamTransitionAllowed(from, to));
      }
    }
  });

  it('labels each move with what it does', () => {
    expect(streamMoves('scheduled').map((move) => move.label)).toEqual(['Unschedule', 'Go live']);
    expect(streamMoves('live').map((move) => move.label)).toEqual(['End stream']);
    expect(streamMoves('none').map((move) => move.label)).toEqual(['Schedule stream']);
    expect(streamMoves('ended').map((move) => move.label)).toEqual(['Schedule again']);
  });
});

describe('moves held for an undo window', () => {
  it('holds only ending a live stream, the one move the service cannot take back', () => {
    expect(undoableMove('live', 'ended')).toBe(true);
    expect(undoableMove('scheduled', 'live')).toBe(false);
    expect(undoableMove('ended', 'scheduled')).toBe(false);
  });
});
