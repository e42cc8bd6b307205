import type { KeyRole } from '../../../../shared/ipc/edits';

export interface OrganizerActions {
  /** Create and change events, move the stream along. */
  edit: boolean;
  delete: boolean;
}

/**
 * Which organizer actions to offer, for what the service has shown the key may do (`null` while
 * nobody knows yet). A role not known yet offers them all: the key is learnt from
 * the service's answers, often only once online, and an organizer at a venue without signal must
 * not be locked out of the edits they came to make. The outbox still checks every edit, and the
 * service refuses what the key may not do, which the pending edits then show.
 */
export function organizerActions(role: KeyRole | null): OrganizerActions {
  switch (role) {
    case null:
    case 'admin':
      return { edit: true, delete: true };
    case 'organizer':
      return { edit: true, delete: false };
    case 'viewer':
      return { edit: false, delete: false };
  }
}
