export function FirstRun() {
  return <h1>Welcome to Pitside</h1>;
}
