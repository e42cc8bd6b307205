import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Contribution } from '../../../../src/shared/ipc/analysis';
import { ContributionFigure } from '../../../../src/renderer/src/views/analysis/Figure';

/*
 * The provisional mark as the page gets it: in words beside the number, and named "provisional"
 * for a screen reader, never by a symbol or colour alone. The demo's live events are far enough
 * along that every OPR is exact, so the end-to-end test cannot always see one.
 */

function html(contribution: Contribution | null): string {
  return renderToString(createElement(ContributionFigure, { contribution }));
}

/** The text a screen reader reads: the markup without its tags and the hidden glyph. */
function spoken(markup: string): string {
  return markup
    .replace(/<span aria-hidden="true">[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/<!-- -->/g, '');
}

describe('ContributionFigure', () => {
  it('says a provisional OPR is one, and how many matches it comes from', () => {
    const markup = html({ opr: 41.26, dpr: 30, ccwm: 11, matches: 2, provisional: true });
    expect(markup).toContain('data-provisional="true"');
    expect(spoken(markup)).toBe('41.3, provisional from 2 matches');
    expect(markup).toContain('≈');
  });

  it('leaves an exact OPR unmarked', () => {
    const markup = html({ opr: 41.26, dpr: 30, ccwm: 11, matches: 9, provisional: false });
    expect(markup).toContain('data-provisional="false"');
    expect(spoken(markup)).toBe('41.3');
  });

  it('says "none" for a team without figures', () => {
    expect(spoken(html(null))).toBe('none');
  });
});
