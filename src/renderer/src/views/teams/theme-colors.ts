import { useMemo, useSyncExternalStore } from 'react';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Calls back when the shown theme may have changed: a theme chosen in settings or the system's. */
function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener('change', onChange);
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => {
    media.removeEventListener('change', onChange);
    observer.disconnect();
  };
}

/** What decides the colour tokens' values: the pinned theme, else the system's. */
function themeSnapshot(): string {
  const pinned = document.documentElement.dataset.theme ?? 'system';
  return `${pinned} ${window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light'}`;
}

/**
 * The current values of some colour tokens (`--accent` …), for drawing code such as a chart's
 * SVG attributes, which cannot take `var()`. Re-read when the theme changes, so a chart follows
 * light and dark like the rest of the page.
 */
export function useTokenColors<Token extends string>(
  tokens: readonly Token[],
): Record<Token, string> {
  const theme = useSyncExternalStore(subscribe, themeSnapshot);
  const tokenList = tokens.join(' ');
  return useMemo(() => {
    // The theme is this memo's reason to re-read the tokens, though it is not read itself.
    void theme;
    // A token holds `light-dark(…, …)`, which only a colour property resolves: a hidden probe
    // takes each one as its colour and the computed value is the side the theme picks.
    const probe = document.createElement('span');
    probe.hidden = true;
    document.body.append(probe);
    const colors = {} as Record<Token, string>;
    for (const token of tokenList.split(' ') as Token[]) {
      probe.style.color = `var(--${token})`;
      colors[token] = getComputedStyle(probe).color;
    }
    probe.remove();
    return colors;
  }, [theme, tokenList]);
}
