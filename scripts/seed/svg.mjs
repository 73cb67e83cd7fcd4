/** Deterministic SVG artwork for the demo seed: avatars, covers and portfolio pieces. No network, no fonts beyond sans-serif. */
import { rng } from "./ids.mjs";

const hsl = (h, s, l) => `hsl(${Math.round(((h % 360) + 360) % 360)} ${s}% ${l}%)`;
const esc = (s) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function gradient(id, h1, h2, vertical = false) {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  return `<linearGradient id="${id}" ${dir}><stop offset="0" stop-color="${hsl(h1, 70, 62)}"/><stop offset="1" stop-color="${hsl(h2, 65, 42)}"/></linearGradient>`;
}

function doc(width, height, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>\n`;
}

export function avatarSvg(seed, initials) {
  const r = rng(`avatar:${seed}`);
  const h = r.int(0, 359);
  const h2 = h + r.int(30, 90);
  const defs = gradient("g", h, h2);
  const body =
    `<rect width="512" height="512" fill="url(#g)"/>` +
    `<circle cx="${r.int(60, 140)}" cy="${r.int(360, 460)}" r="${r.int(90, 160)}" fill="${hsl(h2 + 40, 80, 80)}" opacity=".35"/>` +
    `<circle cx="${r.int(380, 460)}" cy="${r.int(40, 140)}" r="${r.int(60, 120)}" fill="${hsl(h - 30, 80, 85)}" opacity=".3"/>` +
    `<text x="256" y="256" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="200" font-weight="700" fill="#fff">${esc(initials)}</text>`;
  return { svg: doc(512, 512, defs, body), width: 512, height: 512 };
}

export function coverSvg(seed) {
  const r = rng(`cover:${seed}`);
  const h = r.int(0, 359);
  const defs = gradient("g", h, h + r.int(40, 140));
  let body = `<rect width="1500" height="500" fill="url(#g)"/>`;
  for (let i = 0; i < 3; i++) {
    const y = 260 + i * 70 + r.int(-30, 30);
    const a = r.int(40, 110);
    body += `<path d="M0 ${y} C 375 ${y - a}, 750 ${y + a}, 1125 ${y - a / 2} S 1500 ${y + a / 3}, 1500 ${y} V500 H0Z" fill="${hsl(h + 20 * i, 70, 90 - i * 10)}" opacity="${0.18 + 0.1 * i}"/>`;
  }
  for (let i = 0; i < 12; i++)
    body += `<circle cx="${r.int(0, 1500)}" cy="${r.int(0, 240)}" r="${r.int(2, 6)}" fill="#fff" opacity=".7"/>`;
  return { svg: doc(1500, 500, defs, body), width: 1500, height: 500 };
}

function character(r, w, h, hue) {
  const skin = hsl(r.int(20, 35), 60, r.int(78, 88));
  const hair = hsl(hue + r.int(120, 240), r.int(35, 70), r.int(25, 60));
  const cloth = hsl(hue + r.int(-40, 40), 55, 45);
  const cx = w / 2,
    cy = h * 0.42,
    rad = w * 0.17;
  return (
    `<circle cx="${w * 0.78}" cy="${h * 0.18}" r="${w * 0.1}" fill="${hsl(hue + 60, 90, 88)}" opacity=".8"/>` +
    `<path d="M${cx - w * 0.36} ${h} C ${cx - w * 0.34} ${h * 0.5}, ${cx + w * 0.34} ${h * 0.5}, ${cx + w * 0.36} ${h}Z" fill="${cloth}"/>` +
    `<rect x="${cx - rad * 0.35}" y="${cy + rad * 0.7}" width="${rad * 0.7}" height="${rad * 1.1}" fill="${skin}"/>` +
    `<path d="M${cx - rad * 1.25} ${cy + rad * 1.6} C ${cx - rad * 1.5} ${cy - rad * 1.6}, ${cx + rad * 1.5} ${cy - rad * 1.6}, ${cx + rad * 1.25} ${cy + rad * 1.6}Z" fill="${hair}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${skin}"/>` +
    `<path d="M${cx - rad * 1.05} ${cy - rad * 0.1} C ${cx - rad * 0.9} ${cy - rad * 1.3}, ${cx + rad * 0.9} ${cy - rad * 1.3}, ${cx + rad * 1.05} ${cy - rad * 0.1} C ${cx + rad * 0.4} ${cy - rad * 0.6}, ${cx - rad * 0.4} ${cy - rad * 0.6}, ${cx - rad * 1.05} ${cy - rad * 0.1}Z" fill="${hair}"/>` +
    `<ellipse cx="${cx - rad * 0.38}" cy="${cy + rad * 0.1}" rx="${rad * 0.13}" ry="${rad * 0.19}" fill="${hsl(hue + 180, 60, 35)}"/>` +
    `<ellipse cx="${cx + rad * 0.38}" cy="${cy + rad * 0.1}" rx="${rad * 0.13}" ry="${rad * 0.19}" fill="${hsl(hue + 180, 60, 35)}"/>` +
    `<path d="M${cx - rad * 0.15} ${cy + rad * 0.5} Q ${cx} ${cy + rad * 0.62} ${cx + rad * 0.15} ${cy + rad * 0.5}" stroke="${hsl(0, 50, 45)}" stroke-width="${rad * 0.05}" fill="none"/>`
  );
}

function badge(_r, w, h, hue) {
  let body = "";
  const n = 3;
  for (let i = 0; i < n * 2; i++) {
    const col = i % n,
      row = Math.floor(i / n);
    const x = w * (0.22 + col * 0.28),
      y = h * (0.35 + row * 0.3),
      s = w * 0.1;
    const pts = Array.from(
      { length: 6 },
      (_, k) => `${x + s * Math.cos((Math.PI / 3) * k)},${y + s * Math.sin((Math.PI / 3) * k)}`,
    ).join(" ");
    body += `<polygon points="${pts}" fill="${hsl(hue + i * 40, 70, 55)}" stroke="#fff" stroke-width="${s * 0.12}"/>`;
    body += `<text x="${x}" y="${y}" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="${s * 0.8}" font-weight="700" fill="#fff">${i + 1}</text>`;
  }
  return body;
}

function stamp(r, w, h, hue) {
  let body = "";
  for (let i = 0; i < 4; i++) {
    const x = w * (0.28 + (i % 2) * 0.44),
      y = h * (0.3 + Math.floor(i / 2) * 0.4),
      s = w * 0.16;
    body += `<circle cx="${x}" cy="${y}" r="${s}" fill="${hsl(hue + i * 25, 75, 80)}" stroke="#fff" stroke-width="${s * 0.12}"/>`;
    body += `<circle cx="${x - s * 0.35}" cy="${y - s * 0.1}" r="${s * 0.1}" fill="#333"/><circle cx="${x + s * 0.35}" cy="${y - s * 0.1}" r="${s * 0.1}" fill="#333"/>`;
    const mouth = [
      `M${x - s * 0.3} ${y + s * 0.3} Q ${x} ${y + s * 0.6} ${x + s * 0.3} ${y + s * 0.3}`,
      `M${x - s * 0.3} ${y + s * 0.45} Q ${x} ${y + s * 0.15} ${x + s * 0.3} ${y + s * 0.45}`,
      `M${x - s * 0.2} ${y + s * 0.38} H ${x + s * 0.2}`,
    ][r.int(0, 2)];
    body += `<path d="${mouth}" stroke="#333" stroke-width="${s * 0.08}" fill="none" stroke-linecap="round"/>`;
  }
  return body;
}

function logo(r, w, h, hue, letter) {
  const cx = w / 2,
    cy = h / 2,
    s = Math.min(w, h) * 0.28;
  return (
    `<circle cx="${cx}" cy="${cy}" r="${s * 1.25}" fill="#fff" opacity=".9"/>` +
    `<rect x="${cx - s * 0.8}" y="${cy - s * 0.8}" width="${s * 1.6}" height="${s * 1.6}" rx="${s * 0.3}" fill="${hsl(hue + 180, 60, 40)}" transform="rotate(${r.int(0, 45)} ${cx} ${cy})"/>` +
    `<text x="${cx}" y="${cy}" dy=".35em" text-anchor="middle" font-family="Georgia,serif" font-size="${s * 1.2}" font-weight="700" fill="#fff">${esc(letter)}</text>`
  );
}

function animation(_r, w, h, hue) {
  let body = "";
  for (let i = 0; i < 4; i++) {
    const x = w * 0.1 + i * w * 0.2,
      y = h * 0.3 + Math.sin(i) * h * 0.05;
    body += `<rect x="${x}" y="${y}" width="${w * 0.18}" height="${h * 0.3}" rx="12" fill="#fff" opacity="${0.35 + i * 0.15}"/>`;
    body += `<circle cx="${x + w * 0.09}" cy="${y + h * 0.15 - i * h * 0.03}" r="${w * 0.04}" fill="${hsl(hue + 150, 70, 50)}"/>`;
  }
  body += `<path d="M${w * 0.1} ${h * 0.75} Q ${w * 0.5} ${h * 0.62} ${w * 0.9} ${h * 0.75}" stroke="#fff" stroke-width="8" fill="none" stroke-dasharray="18 14"/>`;
  return body;
}

function video(r, w, h, hue) {
  const cx = w / 2,
    cy = h / 2,
    s = Math.min(w, h) * 0.22;
  let body = `<rect x="${w * 0.1}" y="${h * 0.15}" width="${w * 0.8}" height="${h * 0.6}" rx="24" fill="#111" opacity=".55"/>`;
  body += `<polygon points="${cx - s * 0.5},${cy - s * 0.75} ${cx - s * 0.5},${cy + s * 0.45} ${cx + s * 0.6},${cy - s * 0.15}" fill="#fff"/>`;
  body += `<rect x="${w * 0.1}" y="${h * 0.82}" width="${w * 0.8}" height="10" rx="5" fill="#fff" opacity=".35"/>`;
  body += `<rect x="${w * 0.1}" y="${h * 0.82}" width="${w * 0.8 * r.next()}" height="10" rx="5" fill="${hsl(hue + 200, 90, 60)}"/>`;
  return body;
}

function music(r, w, h, hue) {
  let body = "";
  const bars = 32;
  for (let i = 0; i < bars; i++) {
    const bh = h * (0.08 + 0.5 * Math.abs(Math.sin(i * 0.45 + r.next())));
    body += `<rect x="${w * 0.08 + i * ((w * 0.84) / bars)}" y="${h * 0.55 - bh / 2}" width="${(w * 0.84) / bars - 6}" height="${bh}" rx="4" fill="${hsl(hue + i * 4, 80, 85)}" opacity=".85"/>`;
  }
  body += `<circle cx="${w * 0.8}" cy="${h * 0.2}" r="${w * 0.06}" fill="#fff" opacity=".8"/>`;
  return body;
}

const MOTIFS = { character, avatar: character, badge, stamp, logo, animation, video, music };

/** A portfolio piece for a motif of data/content.mjs; portrait for characters, landscape for motion work. */
export function artworkSvg(seed, motif, letter = "C") {
  const r = rng(`art:${seed}`);
  const portrait = motif === "character" || motif === "avatar";
  const [w, h] = portrait
    ? [1200, 1500]
    : motif === "badge" || motif === "stamp" || motif === "logo"
      ? [1200, 1200]
      : [1600, 900];
  const hue = r.int(0, 359);
  const defs = gradient("bg", hue, hue + r.int(40, 120), true);
  let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  for (let i = 0; i < 6; i++)
    body += `<circle cx="${r.int(0, w)}" cy="${r.int(0, h)}" r="${r.int(20, 160)}" fill="#fff" opacity="${(r.int(4, 14) / 100).toFixed(2)}"/>`;
  body += (MOTIFS[motif] ?? character)(r, w, h, hue, letter);
  return { svg: doc(w, h, defs, body), width: w, height: h };
}
