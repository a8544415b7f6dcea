/**
 * Writes the app's installed icons (public/icons/, committed) from its mark, public/favicon.svg. Run again only
 * when the mark changes: `node apps/web/scripts/icons.mjs` (sharp, the server's image library, rasterises).
 *
 * - icon-192.png, icon-512.png: the mark as it is (its own rounded square), for browsers and launchers.
 * - maskable-512.png: the mark's background to the edges and its letter within the middle 60%, so a launcher
 *   that cuts the icon to a circle or a squircle keeps all of it (the safe zone is the middle 80%).
 * - apple-touch-icon.png (180 px): iOS rounds the corners itself, so a full square too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mark = readFileSync(path.join(webDir, 'public', 'favicon.svg'), 'utf8');
const background = mark.match(/<rect[^>]*fill="([^"]+)"/)?.[1];
const letter = mark.match(/<path[^>]*\/>/)?.[0];
if (!background || !letter) throw new Error('icons: favicon.svg has no rect or path');

/** The letter on a full square of the background, scaled to `share` of the side around the middle. */
const fullSquare = (share) => {
  const offset = (32 * (1 - share)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(${offset} ${offset}) scale(${share})">${letter}</g></svg>`;
};

const out = path.join(webDir, 'public', 'icons');
const write = (svg, size, name) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));

await write(mark, 192, 'icon-192.png');
await write(mark, 512, 'icon-512.png');
await write(fullSquare(0.6), 512, 'maskable-512.png');
await write(fullSquare(0.8), 180, 'apple-touch-icon.png');
console.log(`wrote the icons into ${path.relative(process.cwd(), out)}`);
