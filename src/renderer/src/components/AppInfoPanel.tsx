import type { AppInfo } from '../../../shared/ipc/contract';

interface Row {
  label: string;
  value: string;
  testId: string;
}

function rowsOf(info: AppInfo): Row[] {
  return [
    { label: 'Data directory', value: info.dataDirectory, testId: 'app-data-directory' },
    { label: 'Version', value: info.version, testId: 'app-version' },
    { label: 'Platform', value: `${info.platform} (${info.arch})`, testId: 'app-platform' },
    { label: 'SQLite', value: info.versions.sqlite, testId: 'app-sqlite' },
    {
      label: 'Runtime',
      value:
        info.versions.electron === null
          ? `Node ${info.versions.node} (browser preview)`
          : `Electron ${info.versions.electron}, Chromium ${info.versions.chrome ?? '?'}`,
      testId: 'app-runtime',
    },
  ];
}

/** The facts about this installation, as main reports them through `app:info`. */
export function AppInfoPanel({ info, className = 'facts' }: { info: AppInfo; className?: string }) {
  return (
    <dl className={className} data-testid="app-info">
      {rowsOf(info).map((row) => (
        <div className="fact" key={row.testId}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
