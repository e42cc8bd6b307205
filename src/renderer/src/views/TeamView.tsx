export function TeamView() {
  return <h1>Team</h1>;
}
