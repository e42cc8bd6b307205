#!/usr/bin/env bash
# Makes every icon the installers need from resources/icon.png (256 px): the Linux PNG set
# (resources/icons/NxN.png), macOS's resources/icon.icns and Windows' resources/icon.ico.
# Run once after changing icon.png, and commit the files: CI and the release workflow only read
# them (test/pack/icons.test.ts checks their sizes). Needs Debian's python3-pil (through /usr/bin/python3), icnsutils and
# icoutils.
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=(16 24 32 48 64 128 256)
mkdir -p resources/icons
rm -f resources/icons/*.png
for size in "${sizes[@]}"; do
  /usr/bin/python3 -c 'import sys; from PIL import Image
Image.open(sys.argv[1]).convert("RGBA").resize((int(sys.argv[2]),) * 2, Image.LANCZOS).save(sys.argv[3], optimize=True)' \
    resources/icon.png "$size" "resources/icons/${size}x${size}.png"
done
# icns holds 16, 32, 48, 128 and 256 px; ico holds the whole set (256 px stored as PNG).
png2icns resources/icon.icns resources/icons/{16x16,32x32,48x48,128x128,256x256}.png >/dev/null
icotool --create --raw=resources/icons/256x256.png -o resources/icon.ico \
  resources/icons/{16x16,24x24,32x32,48x48,64x64,128x128}.png
