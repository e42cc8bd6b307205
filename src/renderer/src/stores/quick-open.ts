import { create } from 'zustand';

/** Whether quick open or the shortcuts list is showing; the shortcuts and the views open them. */
export const useOverlays = create<{
  quickOpen: boolean;
  shortcuts: boolean;
  /** Text to start quick open with ("Compare 254 with…" opens it on the compare action). */
  quickOpenText: string;
  openQuickOpen: (text?: string) => void;
  closeQuickOpen: () => void;
  setShortcuts: (open: boolean) => void;
}>()((set) => ({
  quickOpen: false,
  shortcuts: false,
  quickOpenText: '',
  openQuickOpen: (text = '') => set({ quickOpen: true, quickOpenText: text, shortcuts: false }),
  closeQuickOpen: () => set({ quickOpen: false, quickOpenText: '' }),
  setShortcuts: (shortcuts) => set({ shortcuts }),
}));
