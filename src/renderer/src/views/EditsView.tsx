/** The edits not sent yet, each with its state and what can be done about it. */
export function EditsView() {
  return <h1>Edits not sent yet</h1>;
}
