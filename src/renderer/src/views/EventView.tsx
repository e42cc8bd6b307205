export function EventView() {
  return <h1>Event</h1>;
}
