interface Page {
  data: unknown[];
  meta: { page: number; perPage: number; total: number };
}

/** GET with the key, parsed; the test fails loudly on anything but 200. */
export async function getJson(base: string, path: string, key: string): Promise<unknown> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

/** Every record of a list, page by page, in the service's own order, and the total it reports. */
export async function allPages(
  base: string,
  path: string,
  key: string,
): Promise<{ records: unknown[]; total: number }> {
  const records: unknown[] = [];
  for (let page = 1; ; page += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const body = (await getJson(base, `${path}${separator}perPage=100&page=${page}`, key)) as Page;
    records.push(...body.data);
    if (body.data.length === 0 || records.length >= body.meta.total) {
      return { records, total: body.meta.total };
    }
  }
}
