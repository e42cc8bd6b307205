export function CompareView() {
  return <h1>Compare teams</h1>;
}
