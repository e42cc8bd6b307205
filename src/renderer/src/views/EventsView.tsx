export function EventsView() {
  return <h1>Events</h1>;
}
