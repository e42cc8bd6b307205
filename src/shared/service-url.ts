/** `https://Example.org/api/` and `https://example.org/api` are one service. */
export function normaliseServiceUrl(text: string): string {
  const url = new URL(text.trim());
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
