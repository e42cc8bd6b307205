import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** Light modules around the code, as the QR standard asks, so cameras find its edges. */
const QUIET_ZONE = 4;

/** The dark modules as one path of unit squares: one element however large the code. */
function modulePath(text: string): { size: number; path: string } {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (code.isDark(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: count + 2 * QUIET_ZONE, path };
}

/**
 * `text` as a QR code, drawn as SVG by React (no markup from a string). Dark on light in both
 * themes: cameras read a dark-on-light code most reliably.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => modulePath(text), [text]);
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="share-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
