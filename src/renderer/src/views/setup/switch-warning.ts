import {
  DEMO_EDIT_SCOPE,
  editCount,
  keptEditsSentence,
  serviceName,
  type KeptEdits,
} from '../../../../shared/edits-elsewhere';
import type { EditsElsewhereGroup, EditView } from '../../../../shared/ipc/edits';
import type { SetupState } from '../../../../shared/ipc/setup';
import { normaliseServiceUrl } from '../../../../shared/service-url';
import { needsAttention } from '../../../../shared/ipc/edits';

/** What the question before a switch says: the edits it leaves behind, service by service. */
export interface SwitchWarning {
  title: string;
  /** One sentence per service with edits not sent, the one being left first. */
  kept: string[];
}

/** Where a switch goes: the demo, or a service's address as typed. */
export type SwitchTarget = { kind: 'demo' } | { kind: 'service'; baseUrl: string };

function kept(service: string, edits: readonly EditView[]): KeptEdits {
  const attention = edits.filter(needsAttention).length;
  return { service, waiting: edits.length - attention, attention };
}

/** The service whose edits are shown now: the demo's, or the configured address; none on a first run. */
function shownService(setup: SetupState): string | null {
  if (setup.mode === 'demo') return DEMO_EDIT_SCOPE;
  return setup.mode === 'service' ? setup.serviceUrl : null;
}

function targetService(target: SwitchTarget): string {
  return target.kind === 'demo' ? DEMO_EDIT_SCOPE : normaliseServiceUrl(target.baseUrl);
}

/**
 * The question to ask before a switch, or `null` when there is none to ask: the service shown
 * now has no edits waiting, or this is no switch (the same address with another key). The edits
 * are never deleted by a switch; the question is there so that none drops out of mind, and names
 * the other services' kept edits too, all but those of the service switched to (they go out).
 */
export function switchWarning(
  setup: SetupState,
  target: SwitchTarget,
  edits: readonly EditView[],
  elsewhere: readonly EditsElsewhereGroup[],
): SwitchWarning | null {
  const leaving = shownService(setup);
  const next = targetService(target);
  if (leaving === null || leaving === next || edits.length === 0) return null;
  const others = elsewhere.filter(
    (group) => group.edits.length > 0 && group.service !== next && group.service !== leaving,
  );
  return {
    title: `Switch to ${serviceName(next)} with ${editCount(edits.length)} not sent?`,
    kept: [kept(leaving, edits), ...others.map((group) => kept(group.service, group.edits))].map(
      (group) => keptEditsSentence(group),
    ),
  };
}
