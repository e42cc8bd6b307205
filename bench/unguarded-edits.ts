import { bareUpdates, IN_FLIGHT, openEditBench } from './edit-bench-rig';

/*
 * What a service without ETags costs the outbox. Each update there is a read to compare, the
 * write, and a second look once writes that could have crossed it have landed: three requests
 * where a bare client sends one. A backlog goes out, looks included (due at once here), against
 * the same PATCHes sent bare by a loop with as many in flight, on the same service in the same run.
 */

const BACKLOG = 400;

export interface UnguardedFigures {
  /** The backlog sent, every second look made. */
  sentAndLookedMs: number;
  bareLoopMs: number;
  ratio: number;
  /** Requests the outbox made per edit (reads to compare, writes, looks). */
  requestsPerEdit: number;
}

export async function runUnguardedEditsBenchmark(): Promise<UnguardedFigures> {
  let requests = 0;
  const counted: typeof fetch = (input, init) => {
    requests += 1;
    return fetch(input, init);
  };
  const bench = await openEditBench({
    extensions: false,
    fetcher: counted,
    // Looks due as soon as their write is answered: the run makes them all before it ends.
    sentChecks: { sendByMs: 5_000, afterMs: 0 },
  });
  const { engine, ids } = bench;
  try {
    for (let n = 0; n < BACKLOG; n += 1) {
      await engine.outbox.update(ids[n % ids.length]!, { location: { venue: `Unguarded ${n}` } });
    }
    requests = 0;
    const started = performance.now();
    const summary = await engine.run({ editsOnly: true });
    const sentAndLookedMs = performance.now() - started;
    const made = requests;
    if (summary.outbox.sent !== BACKLOG || summary.outbox.checking !== 0) {
      throw new Error(
        `the backlog did not all go out and get looked at: ${JSON.stringify(summary)}`,
      );
    }
    const bareLoopMs = await bareUpdates(bench, BACKLOG);
    const figures: UnguardedFigures = {
      sentAndLookedMs: Math.round(sentAndLookedMs),
      bareLoopMs: Math.round(bareLoopMs),
      ratio: Math.round((sentAndLookedMs / bareLoopMs) * 100) / 100,
      requestsPerEdit: Math.round((made / BACKLOG) * 100) / 100,
    };
    console.log(
      `without ETags: a backlog of ${BACKLOG} edits sent and looked at again in ${figures.sentAndLookedMs} ms (${figures.requestsPerEdit} requests per edit); the same PATCHes bare, ${IN_FLIGHT} in flight: ${figures.bareLoopMs} ms (ratio ${figures.ratio})`,
    );
    return figures;
  } finally {
    await bench.close();
  }
}
