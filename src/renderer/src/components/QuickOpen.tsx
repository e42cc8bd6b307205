export function QuickOpen() {
  return null;
}
