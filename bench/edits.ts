import { bareUpdates, IN_FLIGHT, openEditBench, timed } from './edit-bench-rig';

/*
 * What an organizer waits for: the time from "save" to an edit that is on disk and on screen,
 * with nothing else going on and while a whole sync writes (its write sessions queue up), against
 * a plain write queued behind that same sync, first in first out. Then how fast a backlog of edits
 * goes out, against the same PATCHes sent bare by a loop with as many in flight.
 */

const SAVES = 150;
const BACKLOG = 400;

export interface EditFigures {
  saveIdleP50Ms: number;
  saveIdleP95Ms: number;
  saveDuringSyncP50Ms: number;
  saveDuringSyncP95Ms: number;
  /** A plain write in the sync's queue, first in first out: what a save would wait without its lane. */
  fifoDuringSyncP50Ms: number;
  fifoDuringSyncP95Ms: number;
  backlogMs: number;
  bareLoopMs: number;
  backlogRatio: number;
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function runEditsBenchmark(): Promise<EditFigures> {
  const bench = await openEditBench({ extensions: true });
  const { cache, queue, engine, ids } = bench;
  try {
    const save = (n: number) =>
      engine.outbox.update(ids[n % ids.length]!, { location: { venue: `Bench venue ${n}` } });

    const idle: number[] = [];
    for (let n = 0; n < SAVES; n += 1) idle.push(await timed(() => save(n)));
    await engine.run({ scope: 'default' });

    // A whole sync of everything, forced, so that its write sessions keep the queue busy.
    const during: number[] = [];
    const fifo: number[] = [];
    const sync = engine.run({ scope: 'all', force: true });
    for (let n = 0; n < SAVES && engine.running; n += 1) {
      // Both asked for at the same moment: the save in its lane, a plain write at the back.
      const [saved, plain] = await Promise.all([
        timed(() => save(SAVES + n)),
        timed(() => queue.run(() => cache.writer.prepare('SELECT 1').get())),
      ]);
      during.push(saved);
      fifo.push(plain);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await sync;
    await engine.run({ scope: 'default' });

    for (let n = 0; n < BACKLOG; n += 1) await save(10_000 + n);
    const backlogMs = await timed(() => engine.run({ scope: 'default' }));
    const bareLoopMs = await bareUpdates(bench, BACKLOG);
    // The backlog's run also pulls the default scope; its own pulls are timed alone to take out.
    const pullsMs = await timed(() => engine.run({ scope: 'default' }));
    const figures: EditFigures = {
      saveIdleP50Ms: round(percentile(idle, 0.5)),
      saveIdleP95Ms: round(percentile(idle, 0.95)),
      saveDuringSyncP50Ms: round(percentile(during, 0.5)),
      saveDuringSyncP95Ms: round(percentile(during, 0.95)),
      fifoDuringSyncP50Ms: round(percentile(fifo, 0.5)),
      fifoDuringSyncP95Ms: round(percentile(fifo, 0.95)),
      backlogMs: round(backlogMs - pullsMs),
      bareLoopMs: round(bareLoopMs),
      backlogRatio: Math.round(((backlogMs - pullsMs) / bareLoopMs) * 100) / 100,
    };
    console.log(`saves timed during the sync: ${during.length}`);
    console.table({
      'save, idle': { p50: figures.saveIdleP50Ms, p95: figures.saveIdleP95Ms },
      'save, during a full sync': {
        p50: figures.saveDuringSyncP50Ms,
        p95: figures.saveDuringSyncP95Ms,
      },
      'plain write behind the sync (FIFO)': {
        p50: figures.fifoDuringSyncP50Ms,
        p95: figures.fifoDuringSyncP95Ms,
      },
    });
    console.log(
      `backlog of ${BACKLOG} edits sent in ${figures.backlogMs} ms; the same PATCHes bare, ${IN_FLIGHT} in flight: ${figures.bareLoopMs} ms (ratio ${figures.backlogRatio})`,
    );
    return figures;
  } finally {
    await bench.close();
  }
}
