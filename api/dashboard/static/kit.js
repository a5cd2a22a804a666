// wagerlog live board: the drawing kit the board modules share. Each
// game's board is a module its game package ships (served at
// boards/<game>.js); it imports what it draws with from here. Nothing here
// knows a game: elements, dice faces, playing cards, times, percentages,
// split bars and the fresh-result marks.

export const SVG_NS = 'http://www.w3.org/2000/svg';
// Limits on what a board draws.
export const RESULTS_MAX = 200; // result cards drawn (the board holds 50 by default)
export const WALL_RESULTS_MAX = 50; // result cards on a wall screen

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  e.append(...children);
  return e;
}

export function svg(tag, attrs = {}) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

export function srOnly(text) {
  return el('span', { class: 'sr-only', text });
}

// ---------- dice ----------

// Pip centres on a 100×100 face.
const PIPS = {
  1: [[50, 50]],
  2: [[27, 27], [73, 73]],
  3: [[27, 27], [50, 50], [73, 73]],
  4: [[27, 27], [73, 27], [27, 73], [73, 73]],
  5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
  6: [[27, 24], [73, 24], [27, 50], [73, 50], [27, 76], [73, 76]],
};

// die draws one face as inline SVG. Like Asian dice, 1 and 4 have red pips.
export function die(face, cls = '') {
  const f = Number(face);
  const s = svg('svg', { viewBox: '0 0 100 100', class: `die ${cls}`.trim(), 'aria-hidden': 'true', focusable: 'false' });
  s.append(svg('rect', { x: 4, y: 4, width: 92, height: 92, rx: 20, class: 'die-body' }));
  for (const [cx, cy] of PIPS[f] || []) {
    s.append(svg('circle', { cx, cy, r: f === 1 ? 13 : 9.5, class: f === 1 || f === 4 ? 'pip pip-red' : 'pip' }));
  }
  return s;
}

export function dice(values, cls) {
  const d = el('span', { class: 'dice' });
  for (const v of values) d.append(die(v, cls));
  return d;
}

// Times are on the 24-hour clock, in the browser's time zone, with the
// date (year-month-day) when it is not today: a floor reads 14:05:09, and a
// result from yesterday says so.
const CLOCK = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

export function timeOf(at, now = new Date()) {
  const d = new Date(at);
  if (Number.isNaN(d.getTime()) || d.getFullYear() < 2000) return '';
  const t = CLOCK.format(d);
  if (d.toDateString() === now.toDateString()) return t;
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `${day} ${t}`;
}

export function pct(c) {
  const n = Number.parseFloat(c && c.percent);
  return Number.isFinite(n) ? n : 0;
}

export function fmtPct(c) {
  const n = pct(c);
  return `${Number.isInteger(n) ? n : n.toFixed(1)}%`;
}

// countPct writes a share as a figure's value: "12.5% · 3".
export function countPct(c) {
  return `${fmtPct(c)} · ${(c && c.count) || 0}`;
}

// fact is one figure of a <dl>: its name and its value.
export function fact(name, value) {
  return el('div', {}, el('dt', { text: name }), el('dd', { text: value }));
}

// renderBars fills list with one bar per item, each as long as its count
// against the largest: item.label names it (item.labelClass adds classes
// to the label, item.cls to the row), item.sr is what a screen reader
// hears before the count, item.share is the count with its percent
// (fmtPct).
export function renderBars(list, items) {
  const max = Math.max(1, ...items.map((it) => it.count));
  list.replaceChildren(...items.map((it) => {
    const fill = el('span', { class: 'group-fill' });
    fill.style.setProperty('--share', String(it.count / max));
    return el('li', { class: `group${it.cls ? ` ${it.cls}` : ''}` },
      el('span', { class: `group-no${it.labelClass ? ` ${it.labelClass}` : ''}`, text: it.label }),
      el('span', { class: 'group-bar', 'aria-hidden': 'true' }, fill),
      el('span', { class: 'group-count' }, srOnly(it.sr), `${it.count}×`),
      el('span', { class: 'group-pct', text: fmtPct(it.share) }));
  }));
}

// words writes a name of the API ("three_of_a_kind") as words.
export function words(s) {
  return String(s || '').replaceAll('_', ' ');
}

// renderSplit draws one 100% bar of three parts (left, middle, right) with
// the two sides' names, shares and counts: the middle is what is neither
// side (a result that counts for none of the two), named by midKey.
export function renderSplit(box, left, right, triples, leftKey, rightKey, midKey = 'triple') {
  const bar = el('div', { class: 'split-bar', 'aria-hidden': 'true' });
  for (const [key, c] of [[leftKey, left], [midKey, triples], [rightKey, right]]) {
    const seg = el('span', { class: `seg seg-${key}` });
    seg.style.flexGrow = String(c.count || 0);
    bar.append(seg);
  }
  const empty = !(left.count || right.count || triples.count);
  bar.classList.toggle('is-empty', empty);
  const label = (key, name, c) => el('span', { class: `split-label split-${key}` },
    el('span', { class: 'split-name', text: name }),
    el('span', { class: 'split-pct', text: fmtPct(c) }),
    el('span', { class: 'split-count', text: `${c.count || 0}×` }));
  box.replaceChildren(
    el('div', { class: 'split-labels' }, label(leftKey, cap(leftKey), left), label(rightKey, cap(rightKey), right)),
    bar,
  );
}

export function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const SUIT = { S: '♠', H: '♥', D: '♦', C: '♣' };

export function card(c) {
  const suit = c.slice(-1);
  return el('span', { class: `k-card${suit === 'H' || suit === 'D' ? ' is-red' : ''}`, text: `${c.slice(0, -1)}${SUIT[suit] || suit}` });
}

// maxResults is how many result cards a board draws: the wall has room for
// ten by five, other layouts scroll.
export function maxResults() {
  return document.documentElement.classList.contains('wall') ? WALL_RESULTS_MAX : RESULTS_MAX;
}

// freshRounds returns the rounds of b not on prev, the board shown before
// (none when there was none: the first board is not "new").
export function freshRounds(b, prev) {
  const known = new Set(prev ? prev.results.map((r) => r.round) : []);
  return new Set(prev ? b.results.filter((r) => !known.has(r.round)).map((r) => r.round) : []);
}

// freshSeqs returns the sequences of b's rows not on prev: a game with a
// row per result of a round (a roll, a ball) tells a new one by it.
export function freshSeqs(b, prev) {
  const known = new Set(prev ? prev.results.map((r) => r.seq) : []);
  return new Set(prev ? b.results.filter((r) => !known.has(r.seq)).map((r) => r.seq) : []);
}

// chips draws a list of hot or cold values, or a dash for none.
export function chips(values, draw) {
  return values.length ? values.map(draw) : [el('span', { class: 'muted', text: '–' })];
}
