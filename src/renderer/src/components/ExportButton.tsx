import { Download } from 'lucide-react';
import type { ExportList } from '../../../shared/ipc/actions';
import { useActions } from '../stores/actions';
import { useExportTarget } from '../stores/export-target';
import { useEffect } from 'react';

/**
 * "Export CSV" for the list a view shows; main reads every page with the same filters and writes
 * the file. Mounting it also makes the list the target of quick-open's "Export this list".
 */
export function ExportButton({ list, label = 'Export CSV' }: { list: ExportList; label?: string }) {
  const exportList = useActions((state) => state.exportList);
  const exporting = useActions((state) => state.exporting);
  const setTarget = useExportTarget((state) => state.setTarget);
  const listKey = JSON.stringify(list);
  useEffect(() => {
    setTarget(JSON.parse(listKey) as ExportList);
    return () => setTarget(null);
  }, [listKey, setTarget]);
  return (
    <button
      type="button"
      className="button"
      onClick={() => void exportList(list)}
      disabled={exporting}
    >
      <Download size={14} aria-hidden="true" />
      {label}
    </button>
  );
}
