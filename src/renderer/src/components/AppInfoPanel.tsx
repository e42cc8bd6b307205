import type { AppInfo } from '../../../shared/ipc/contract';

interface Row {
  label: string;
  value: string;
  testId: string;
}

function rowsOf(info: AppInfo): Row[] {
  return [
    { label: 'Version', value: info.version, testId: 'app-version' },
    { label: 'Platform', value: `${info.platform} (${info.arch})`, testId: 'app-platform' },
    { label: 'Data directory', value: info.dataDirectory, testId: 'app-data-directory' },
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

export function AppInfoPanel({ info }: { info: AppInfo }) {
  return (
    <dl className="facts" data-testid="app-info">
      {rowsOf(info).map((row) => (
        <div className="fact" key={row.testId}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
