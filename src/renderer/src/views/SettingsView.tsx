export function SettingsView() {
  return <h1>Settings</h1>;
}
