import * as Dialog from '@radix-ui/react-dialog';
import { useOverlays } from '../stores/quick-open';
import { MOD_KEY } from './SyncBar';

const SHORTCUTS: readonly [string, string][] = [
  [`${MOD_KEY}K or /`, 'Quick open: find a team or an event, run an action'],
  [`${MOD_KEY}S`, 'Sync now'],
  ['↑ ↓, Enter, Esc', 'Move, open and close in quick open and lists'],
  ['Tab, Shift+Tab', 'Move between controls; focus is always shown'],
  ['Alt+↑ ↓, X, N, Delete', 'In a pick list: move a team, cross it off, write a note, remove it'],
  ['?', 'This list'],
];

/** `?` lists the keyboard shortcuts. */
export function ShortcutsDialog() {
  const open = useOverlays((state) => state.shortcuts);
  const setOpen = useOverlays((state) => state.setShortcuts);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title style={{ padding: '8px 8px 4px' }}>Keyboard shortcuts</Dialog.Title>
          <table className="data">
            <tbody>
              {SHORTCUTS.map(([keys, what]) => (
                <tr key={keys}>
                  <th scope="row">
                    <kbd>{keys}</kbd>
                  </th>
                  <td>{what}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div style={{ padding: 8, textAlign: 'right' }}>
            <Dialog.Close className="button">Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
