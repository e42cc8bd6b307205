import { HardDrive } from 'lucide-react';
import { useEffect } from 'react';
import { AppInfoPanel } from '../../components/AppInfoPanel';
import { Skeleton, StateMessage } from '../../components/StateMessage';
import { useAppInfo } from '../../stores/app-info';
import { CopyDiagnostics } from './CopyDiagnostics';

/** Where Pitside keeps its data on this computer, and which build this is. */
export function DataSection() {
  const info = useAppInfo((state) => state.item);
  const status = useAppInfo((state) => state.status);
  const error = useAppInfo((state) => state.error);
  const load = useAppInfo((state) => state.load);
  useEffect(() => {
    if (useAppInfo.getState().item === null) void load();
  }, [load]);

  return (
    <section className="settings-section" aria-labelledby="settings-data">
      <h2 id="settings-data">
        <HardDrive size={16} aria-hidden="true" /> Data location
      </h2>
      <p>
        Pitside keeps its cache, your favorites, pins and unsent edits in the data directory below.
        The API key is not kept there but in the operating system’s keychain.
      </p>
      {info !== null ? (
        <AppInfoPanel info={info} className="about-facts" />
      ) : status === 'error' ? (
        <StateMessage kind="error" action={{ label: 'Try again', run: () => void load() }}>
          Pitside could not say where its data is: {error}
        </StateMessage>
      ) : (
        <Skeleton rows={4} />
      )}
      <CopyDiagnostics />
    </section>
  );
}
