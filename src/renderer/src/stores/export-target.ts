import { create } from 'zustand';
import type { ExportList } from '../../../shared/ipc/actions';

/** The list the current view shows, for quick-open's "Export this list"; null where none is. */
export const useExportTarget = create<{
  target: ExportList | null;
  setTarget: (target: ExportList | null) => void;
}>()((set) => ({ target: null, setTarget: (target) => set({ target }) }));
