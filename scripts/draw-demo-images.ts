// Draws the demo data's pictures (decision 047): one illustration per theme, 1600 × 900 WebP,
// written to src/server/db/seed/demo-images/ and committed. The demo seed stores them through the
// app's file storage like an upload. Nothing is downloaded: gradients, soft light, a skyline or
// landscape and the theme's icons (Lucide, ISC licence, already a dependency of the web app).
//
//   npx tsx scripts/draw-demo-images.ts
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_THEMES, type DemoTheme } from '../src/server/db/seed/demo-themes';

const OUT = path.resolve('src/server/db/seed/demo-images');
const WIDTH = 1600;
const HEIGHT = 900;

type IconNode = [string, Record<string, string>][];

/** The SVG elements of a Lucide icon, read from the package's own module. */
function iconNode(name: string): IconNode {
  const dir = path.resolve('node_modules/lucide-react/dist/esm/icons');
  let source = readFileSync(path.join(dir, `${name}.mjs`), 'utf8');
  const alias = /export \{ default \} from '\.\/([a-z0-9-]+)\.mjs'/.exec(source)?.[1];
  if (alias) source = readFileSync(path.join(dir, `${alias}.mjs`), 'utf8');
  const node = /node: (\[[\s\S]*?\]\]?)\s*(?:,\s*aliases|\n\};)/.exec(source)?.[1];
  if (!node) throw new Error(`no icon data in ${name}`);
  // The node is a JavaScript literal of arrays, strings and plain objects: JSON once keys quoted.
  const json = node.replace(/([{,]\s*)([a-zA-Z]+):/g, '$1"$2":');
  return JSON.parse(json) as IconNode;
}

function iconSvg(name: string, x: number, y: number, size: number, attrs: string): string {
  const scale = size / 24;
  const parts = iconNode(name)
    .map(([tag, props]) => {
      const a = Object.entries(props)
        .filter(([k]) => k !== 'key')
        .map(([k, v]) => `${k}="${v}"`)
        .join(' ');
      return `<${tag} ${a}/>`;
    })
    .join('');
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke-linecap="round" stroke-linejoin="round" ${attrs}>${parts}</g>`;
}

/** A small repeatable random sequence, so the images come out the same on every run. */
function random(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

/** The ground: a city skyline, rolling hills or a wave, in the theme's deep colour. */
function ground(theme: DemoTheme, next: () => number): string {
  const fill = theme.deep;
  if (theme.ground === 'city') {
    let x = 0;
    const blocks: string[] = [];
    while (x < WIDTH) {
      const w = 60 + next() * 110;
      const h = 120 + next() * 230;
      blocks.push(
        `<rect x="${x.toFixed(0)}" y="${(HEIGHT - h).toFixed(0)}" width="${(w + 2).toFixed(0)}" height="${h.toFixed(0)}"/>`,
      );
      // Lit windows.
      for (let wy = HEIGHT - h + 24; wy < HEIGHT - 30; wy += 34)
        for (let wx = x + 14; wx < x + w - 18; wx += 26)
          if (next() > 0.55)
            blocks.push(
              `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="10" height="14" fill="${theme.light}" fill-opacity="0.55"/>`,
            );
      x += w;
    }
    return `<g fill="${fill}" fill-opacity="0.9">${blocks.join('')}</g>`;
  }
  if (theme.ground === 'hills') {
    const hill = (base: number, amp: number, opacity: number) => {
      let d = `M0 ${HEIGHT} L0 ${base}`;
      for (let x = 0; x <= WIDTH; x += 200) {
        const y = base - amp * (0.4 + next() * 0.6);
        d += ` Q${x + 100} ${y.toFixed(0)} ${x + 200} ${(base - amp * 0.3 * next()).toFixed(0)}`;
      }
      return `<path d="${d} L${WIDTH} ${HEIGHT} Z" fill="${fill}" fill-opacity="${opacity}"/>`;
    };
    return hill(HEIGHT - 260, 140, 0.45) + hill(HEIGHT - 150, 110, 0.9);
  }
  const wave = (base: number, opacity: number) => {
    let d = `M0 ${base}`;
    for (let x = 0; x < WIDTH; x += 400) d += ` q100 -60 200 0 t200 0`;
    return `<path d="${d} L${WIDTH} ${HEIGHT} L0 ${HEIGHT} Z" fill="${fill}" fill-opacity="${opacity}"/>`;
  };
  return wave(HEIGHT - 220, 0.4) + wave(HEIGHT - 140, 0.85);
}

function drawTheme(theme: DemoTheme): string {
  const next = random(theme.key);
  const glows = Array.from({ length: 5 }, (_, i) => {
    const x = next() * WIDTH;
    const y = next() * HEIGHT * 0.7;
    const r = 140 + next() * 260;
    const colour = i % 2 ? theme.light : theme.accent;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${colour}" fill-opacity="0.35" filter="url(#blur)"/>`;
  }).join('');
  // Confetti-like marks: dots and short strokes in the accent colour.
  const marks = Array.from({ length: 40 }, () => {
    const x = next() * WIDTH;
    const y = next() * HEIGHT * 0.75;
    return next() > 0.5
      ? `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(3 + next() * 6).toFixed(1)}" fill="${theme.light}" fill-opacity="0.5"/>`
      : `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${(14 + next() * 18).toFixed(0)}" height="5" rx="2.5" fill="${theme.accent}" fill-opacity="0.6" transform="rotate(${(next() * 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`;
  }).join('');
  // The theme's icons, small and faint, scattered over the sky.
  const small = Array.from({ length: 7 }, (_, i) => {
    const name = theme.icons[(i + 1) % theme.icons.length] ?? theme.icons[0];
    const size = 70 + next() * 60;
    return iconSvg(
      name ?? 'sparkles',
      next() * (WIDTH - 200),
      40 + next() * (HEIGHT * 0.5),
      size,
      `stroke="#ffffff" stroke-opacity="0.22" stroke-width="1.6"`,
    );
  }).join('');
  const main = theme.icons[0] ?? 'sparkles';
  const big = 400;
  const bx = WIDTH * 0.62;
  const by = HEIGHT * 0.16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/>
    </linearGradient>
    <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="60"/></filter>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  ${glows}
  ${marks}
  ${small}
  <circle cx="${bx + big / 2}" cy="${by + big / 2}" r="${big * 0.7}" fill="#ffffff" fill-opacity="0.12"/>
  ${iconSvg(main, bx, by, big, `stroke="#ffffff" stroke-width="1.5"`)}
  ${ground(theme, next)}
</svg>`;
}

mkdirSync(OUT, { recursive: true });
let total = 0;
for (const theme of DEMO_THEMES) {
  const svg = drawTheme(theme);
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 72, effort: 6 }).toBuffer();
  writeFileSync(path.join(OUT, `${theme.key}.webp`), webp);
  total += webp.length;
  console.log(`${theme.key}.webp ${(webp.length / 1024).toFixed(1)} KB`);
}
console.log(`total ${(total / 1024).toFixed(0)} KB`);
