/**
 * Why an action on an edit was refused, in words, next to the edit. The alert is always in the
 * page, so a screen reader announces a message the moment it appears.
 */
export function ActionProblem({ problem }: { problem: string | null }) {
  return (
    <p className="edit-problem" role="alert">
      {problem}
    </p>
  );
}
