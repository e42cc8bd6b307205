export function TeamsView() {
  return <h1>Teams</h1>;
}
