// Regenerates the demo cover images in seed-media/images (committed; the seed only copies them).
// Abstract, text-free art (neutral to direction and language): a gradient with a few shapes,
// colours and shapes differing per item. Run: node scripts/generate-seed-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../seed-media/images');
fs.mkdirSync(out, { recursive: true });

const palettes = [
  ['#0f766e', '#14b8a6', '#ccfbf1'], ['#7c3aed', '#a78bfa', '#ede9fe'], ['#b45309', '#f59e0b', '#fef3c7'],
  ['#be123c', '#fb7185', '#ffe4e6'], ['#1d4ed8', '#60a5fa', '#dbeafe'], ['#15803d', '#4ade80', '#dcfce7'],
  ['#4338ca', '#818cf8', '#e0e7ff'], ['#c2410c', '#fb923c', '#ffedd5'], ['#0e7490', '#22d3ee', '#cffafe'],
  ['#a21caf', '#e879f9', '#fae8ff'], ['#4d7c0f', '#a3e635', '#ecfccb'], ['#334155', '#94a3b8', '#f1f5f9'],
];

function shapes(seed, [, mid, light]) {
  const kind = seed % 4;
  if (kind === 0) return `<circle cx="400" cy="225" r="120" fill="${light}" opacity=".85"/><circle cx="560" cy="140" r="60" fill="${mid}"/>`;
  if (kind === 1) return `<rect x="250" y="110" width="300" height="230" rx="28" fill="${light}" opacity=".85"/><rect x="520" y="250" width="120" height="120" rx="18" fill="${mid}"/>`;
  if (kind === 2) return `<polygon points="400,80 560,360 240,360" fill="${light}" opacity=".85"/><circle cx="250" cy="130" r="45" fill="${mid}"/>`;
  return `<path d="M120 300 C 260 120, 540 420, 680 180" stroke="${light}" stroke-width="36" fill="none" stroke-linecap="round"/><circle cx="620" cy="330" r="50" fill="${mid}"/>`;
}

function svg(seed) {
  const palette = palettes[seed % palettes.length];
  const [dark, mid] = palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" width="800" height="450">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#g)"/>
${shapes(seed, palette)}
</svg>
`;
}

let seed = 0;
for (const [kind, n] of [['post', 12], ['podcast', 6], ['product', 6]]) {
  for (let i = 1; i <= n; i++) fs.writeFileSync(path.join(out, `${kind}-${i}.svg`), svg(seed++ * 5 + i));
}
console.log(`wrote ${seed} images to ${out}`);
