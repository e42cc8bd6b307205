import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { TeamListItem } from '../../src/shared/wire/team';
import { parseCsv } from '../cli/csv-parse';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tourSubjects } from './support/tour';

/*
 * Pick lists and team notes through the preview, from the keyboard: the focus is put on a field
 * with `focus()` (what Tab would do, without counting stops), and everything else is keys.
 */

const VIEWPORT = { width: 1366, height: 820 };

test.use({ viewport: VIEWPORT });
// A whole path with four axe checks, which take 1 to 3 s each on these machines.
test.describe.configure({ timeout: 90_000 });

/** WCAG 2.1 AA findings, serious or worse, in one part of the page (as axe.spec.ts checks views). */
async function violations(page: Page, include: string): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .include(include)
    .analyze();
  return found
    .filter((each) => each.impact === 'serious' || each.impact === 'critical')
    .flatMap((each) => each.nodes.map((node) => `${each.id}: ${node.target.join(' ')}`));
}

test('a pick list built by keyboard, exported; a team note shown and found', async ({
  app,
  service,
}, testInfo) => {
  const { page, quickOpen } = app;
  const { event } = await tourSubjects(service);
  const roster = await service.list<TeamListItem>(`/v1/events/${event.id}/teams`, { perPage: 4 });
  const [a, b, c, d] = roster.data.map((team) => team.number) as [number, number, number, number];
  await app.waitForSync();

  await app.go(`/events/${event.id}?tab=picklists`);
  const tab = page.getByTestId('event-picklists');
  await expect(tab.getByText('No pick lists for this event yet')).toBeVisible();
  await tab.getByTestId('pick-new-name').focus();
  await page.keyboard.type('First pick');
  await page.keyboard.press('Enter');
  await expect(tab.getByTestId('pick-list-choice')).toContainText('First pick (0)');

  await tab.getByTestId('pick-add-team').focus();
  for (const team of [a, b, c]) {
    await page.keyboard.type(String(team));
    await page.keyboard.press('Enter');
    await expect(tab.getByTestId('pick-said')).toHaveText(new RegExp(`^${team} added`));
  }
  const rows = tab.getByTestId('pick-entry');
  const order = async () =>
    (await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-team')))).map(
      Number,
    );
  await expect.poll(order).toEqual([a, b, c]);

  // Down the list with the arrows, then move the focused team with Alt.
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(order).toEqual([b, a, c]);
  await expect(tab.locator(`[data-team="${a}"]`)).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(order).toEqual([b, c, a]);
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(order).toEqual([b, a, c]);
  await expect(tab.getByTestId('pick-said')).toHaveText(`${a} moved to 2 of 3.`);

  // One key crosses it off, and says so.
  await page.keyboard.press('x');
  await expect(tab.getByTestId('pick-said')).toHaveText(`${a} crossed off.`);
  const crossed = tab.locator(`[data-team="${a}"]`);
  await expect(crossed).toHaveAttribute('aria-label', new RegExp(`^2\\. ${a}.*, crossed off$`));
  await expect(crossed.getByText('Picked')).toBeVisible();

  await page.keyboard.press('n');
  await expect(crossed.getByTestId('pick-entry-note')).toBeFocused();
  await page.keyboard.type('Strong climber, slow auto');
  await page.keyboard.press('Enter');
  await expect(crossed).toBeFocused();

  // Kept in main, not in the page: a reload shows the same list.
  await page.reload();
  await expect.poll(order).toEqual([b, a, c]);
  await expect(crossed.getByTestId('pick-entry-note')).toHaveValue('Strong climber, slow auto');

  // Typed once the dialog has the focus: the subject here is what it finds, not the shortcut.
  await quickOpen.openWithShortcut();
  await page.keyboard.type('export');
  await expect(quickOpen.highlighted).toHaveText('Export this list');
  await page.keyboard.press('Enter');
  const notice = page.getByTestId('notice');
  await expect(notice).toHaveText(/^Saved 3 rows to .+\.csv/);
  const path = /Saved 3 rows to (.+\.csv)/.exec((await notice.textContent()) ?? '')![1]!;
  const [header, ...lines] = parseCsv((await readFile(path, 'utf8')).slice(1));
  expect(header).toEqual(['rank', 'teamNumber', 'teamName', 'picked', 'note']);
  const name = (team: number) => roster.data.find((each) => each.number === team)?.name;
  expect(lines).toEqual([
    ['1', String(b), name(b), 'false', ''],
    ['2', String(a), name(a), 'true', 'Strong climber, slow auto'],
    ['3', String(c), name(c), 'false', ''],
  ]);

  // Quick open adds a team to the list used last.
  await quickOpen.openWithShortcut();
  await page.keyboard.type(`add ${d}`);
  await expect(quickOpen.highlighted).toHaveText(`Add ${d} to pick list First pick (${event.id})`);
  await page.keyboard.press('Enter');
  await expect(notice).toHaveText(new RegExp(`^Added ${d} to First pick\\.`));
  await expect.poll(order).toEqual([b, a, c, d]);

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: testInfo.outputPath(`pick-lists-${theme}.png`) });
    expect(await violations(page, '[data-testid="event-picklists"]'), theme).toEqual([]);
  }

  // A private note on a team: saved as typed, shown on its page, found by quick open.
  await app.go(`/teams/${b}`);
  const note = page.getByTestId('team-note');
  await note.focus();
  await page.keyboard.type('Zebracorn scout says: great defence');
  await expect(page.getByTestId('team-note-state')).toHaveText(/^Saved /);
  await app.go('/teams');
  await quickOpen.openWithShortcut();
  await page.keyboard.type('zebracorn');
  await expect(quickOpen.option(new RegExp(`^${b} · `))).toBeVisible();
  await expect(quickOpen.highlighted).toHaveText(new RegExp(`^${b} · `));
  await page.keyboard.press('Enter');
  await expect(note).toHaveValue('Zebracorn scout says: great defence');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: testInfo.outputPath(`team-note-${theme}.png`) });
    expect(await violations(page, '.team-note'), theme).toEqual([]);
  }
});
