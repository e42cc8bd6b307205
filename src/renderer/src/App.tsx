import { useEffect } from 'react';
import { AppInfoPanel } from './components/AppInfoPanel';
import { useAppInfo } from './stores/app-info';

export function App() {
  const info = useAppInfo((state) => state.item);
  const status = useAppInfo((state) => state.status);
  const error = useAppInfo((state) => state.error);
  const load = useAppInfo((state) => state.load);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div
      className="shell"
      data-testid="app-shell"
      data-ready={status === 'ready' || status === 'error'}
    >
      <header className="topbar">
        <span className="brand">Pitside</span>
        <span className="tagline">robotics competitions, offline first</span>
      </header>
      <main className="content">
        <section className="card">
          <h1>About this installation</h1>
          {info !== null && <AppInfoPanel info={info} />}
          {status === 'error' && (
            <p className="error" role="alert" data-testid="app-error">
              {error}
            </p>
          )}
        </section>
      </main>
    </div>
  );
}
