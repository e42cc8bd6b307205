/**
 * The navigation state of an address change that stays in the same view, such as an event
 * created here taking the service's code: focus stays where the person is typing.
 */
export const STAY_IN_VIEW = { stayInView: true } as const;

/** Whether a navigation moves to another view, so focus goes to that view's heading. */
export function movesFocus(state: unknown): boolean {
  return !(
    typeof state === 'object' &&
    state !== null &&
    (state as { stayInView?: unknown }).stayInView === true
  );
}
