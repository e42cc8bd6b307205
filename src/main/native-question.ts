/**
 * A question in the system's own dialog box (Electron's `showMessageBox` options), built in plain
 * Node so the choice of words and buttons is tested without Electron.
 */
export interface NativeQuestion<Type extends 'warning' | 'error'> {
  type: Type;
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  /** The answer Escape, or closing the dialog, gives. */
  cancelId: number;
  noLink: true;
}
