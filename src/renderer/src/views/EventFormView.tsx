import { useParams } from 'react-router';

/** The organizer's form for a new event (no code) or for changing one. */
export function EventFormView() {
  const { eventId } = useParams();
  return <h1>{eventId === undefined ? 'New event' : `Edit ${eventId}`}</h1>;
}
