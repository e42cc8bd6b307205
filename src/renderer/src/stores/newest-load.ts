/**
 * For a store reloaded by hand on change notices: each load asks `begin()` for a check, and
 * applies its answer only while the check holds, that is while no later load has begun. A
 * notice during the first load starts a second one; if the first answers last, it would put
 * back what the notice replaced.
 */
export function newestLoad(): { begin: () => () => boolean } {
  let generation = 0;
  return {
    begin: () => {
      const mine = ++generation;
      return () => mine === generation;
    },
  };
}
