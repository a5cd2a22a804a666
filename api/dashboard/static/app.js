// wagerlog live board. Plain ES module: no build step, no dependency, and
// nothing fetched from anywhere but this server (the page's CSP forbids it).
//
// Data flow: GET /v1/tables fills the picker; for the chosen table the page
// GETs the board once (to show it at once and to learn of a missing token),
// then follows /v1/tables/{table}/board/stream, whose `board` events carry
// the whole Board JSON on connect and after every change. Boards older than
// the one shown (by seq) are ignored, so a reconnect never goes back in time.
//
// Each game has its board: the server's rows carry the game's members and
// its "stats" the game's statistics. Sic Bo's stats have "faces" (dice,
// big/small, totals), roulette's have "numbers" (pockets and colours),
// baccarat's have "beads" (the bead plate of the last coups); craps' have
// "last" rolls with "shooter" and "point" (one row per roll, the hand in
// progress included); blackjack's and War's have "beads" of whole rounds
// (the dealer's cards and result; the card pairs, ties and wars); the page
// draws the board that matches (isRoulette, isBaccarat, isCraps,
// isBlackjack, isWar) in its own <main>.

const API = '/v1';
// Limits on what the page takes from the server.
const TABLES_MAX = 500; // options in the picker
const RESULTS_MAX = 200; // result cards drawn (the board holds 50 by default)
const WALL_RESULTS_MAX = 50; // result cards on a wall screen
const EVENT_BYTES_MAX = 4 << 20; // one server-sent event
// Reconnect delays: doubled from the first up to the last, with jitter.
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 15000;
const TABLES_RETRY_MS = 5000;
const STREAM_SILENCE_MS = 45000; // three missed heartbeats
const TOKEN_KEY = 'wagerlog.token';
const TABLE_KEY = 'wagerlog.table';
// Probability of each total 3..18 out of 216 throws of three dice, for the
// "expected" marks of the totals chart.
const TOTAL_WAYS = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];
const SVG_NS = 'http://www.w3.org/2000/svg';

const $ = (id) => document.getElementById(id);

const state = {
  token: '',
  table: '',
  tables: [],
  board: null,
  stream: null,
  retry: 0,
  wallForced: null,
  infoAt: 0, // when the table's terms were last read
  bingoAsked: '', // the bingo game whose announcement the page last asked for
};

// ---------- small DOM helpers ----------

function el(tag, attrs = {}, ...children) {
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

function svg(tag, attrs = {}) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

function srOnly(text) {
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
function die(face, cls = '') {
  const f = Number(face);
  const s = svg('svg', { viewBox: '0 0 100 100', class: `die ${cls}`.trim(), 'aria-hidden': 'true', focusable: 'false' });
  s.append(svg('rect', { x: 4, y: 4, width: 92, height: 92, rx: 20, class: 'die-body' }));
  for (const [cx, cy] of PIPS[f] || []) {
    s.append(svg('circle', { cx, cy, r: f === 1 ? 13 : 9.5, class: f === 1 || f === 4 ? 'pip pip-red' : 'pip' }));
  }
  return s;
}

function dice(values, cls) {
  const d = el('span', { class: 'dice' });
  for (const v of values) d.append(die(v, cls));
  return d;
}

// ---------- marks ----------

const SIZE = { big: ['B', 'Big'], small: ['S', 'Small'], triple: ['T', 'Triple'] };
const PARITY = { odd: ['O', 'Odd'], even: ['E', 'Even'] };

function marks(r, long) {
  const m = el('span', { class: 'marks' });
  const size = SIZE[r.size];
  if (size) m.append(el('span', { class: `mark mark-${r.size}`, text: long ? size[1] : size[0], title: size[1] }));
  const parity = PARITY[r.parity];
  if (parity) m.append(el('span', { class: `mark mark-${r.parity}`, text: long ? parity[1] : parity[0], title: parity[1] }));
  return m;
}

function describe(r) {
  const parts = [`Round ${r.number}: ${r.dice.join(', ')}, total ${r.total}`];
  if (r.size === 'triple') parts.push('triple');
  else parts.push(r.size, r.parity);
  if (r.corrected) parts.push('corrected result');
  return parts.join(', ') + '.';
}

// ---------- rendering ----------

function renderLatest(b) {
  const box = $('latest');
  const r = b.results[0];
  if (!r) {
    box.replaceChildren(el('p', { class: 'empty', text: 'Waiting for the first result…' }));
    $('latest-round').textContent = '';
    return;
  }
  $('latest-round').textContent = `· round ${r.number}`;
  const total = el('span', { class: 'latest-total' }, el('span', { class: 'sr-only', text: 'Total ' }), String(r.total));
  box.replaceChildren(
    el('div', { class: `latest-dice${r.size === 'triple' ? ' is-triple' : ''}` }, dice(r.dice, 'die-xl'), srOnly(describe(r))),
    el('div', { class: 'latest-meta', 'aria-hidden': 'true' }, total, marks(r, true),
      el('span', { class: 'latest-time', text: timeOf(r.at) }),
      r.corrected ? el('span', { class: 'corrected', text: 'corrected' }) : ''),
  );
}

// Times are on the 24-hour clock, in the browser's time zone, with the
// date (year-month-day) when it is not today: a floor reads 14:05:09, and a
// result from yesterday says so.
const CLOCK = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

function timeOf(at, now = new Date()) {
  const d = new Date(at);
  if (Number.isNaN(d.getTime()) || d.getFullYear() < 2000) return '';
  const t = CLOCK.format(d);
  if (d.toDateString() === now.toDateString()) return t;
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `${day} ${t}`;
}

function pct(c) {
  const n = Number.parseFloat(c && c.percent);
  return Number.isFinite(n) ? n : 0;
}

function fmtPct(c) {
  const n = pct(c);
  return `${Number.isInteger(n) ? n : n.toFixed(1)}%`;
}

// renderSplit draws one 100% bar of three parts (left, triples, right): a
// triple is neither big nor small, neither odd nor even.
// Roulette draws its splits the same way, with the zeros in the middle.
function renderSplit(box, left, right, triples, leftKey, rightKey, midKey = 'triple') {
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

function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function renderShares(b) {
  const s = b.stats;
  $('shares-n').textContent = String(s.results || 0);
  renderSplit($('split-size'), s.small, s.big, s.triples, 'small', 'big');
  renderSplit($('split-parity'), s.odd, s.even, s.triples, 'odd', 'even');
  $('triples').textContent = `${fmtPct(s.triples)} · ${s.triples.count || 0}×`;
}

function renderFaces(b) {
  const s = b.stats;
  const faces = s.faces || [];
  const max = Math.max(1, ...faces.map((f) => f.count));
  const hot = new Set(s.hot || []);
  const cold = new Set(s.cold || []);
  const list = $('faces');
  list.replaceChildren(...faces.map((f) => {
    const tag = hot.has(f.face) ? 'hot' : cold.has(f.face) ? 'cold' : '';
    const fill = el('span', { class: 'face-fill' });
    // A custom property, set through the CSSOM (allowed by the CSP): the
    // style sheet draws it as a width on a phone and a height on a wall.
    fill.style.setProperty('--share', String(f.count / max));
    return el('li', { class: `face${tag ? ` is-${tag}` : ''}` },
      die(f.face, 'die-sm'),
      el('span', { class: 'face-bar', 'aria-hidden': 'true' }, fill),
      el('span', { class: 'face-count' }, srOnly(`Face ${f.face}: `), `${f.count}×`),
      el('span', { class: 'face-pct', text: fmtPct(f) }),
      el('span', { class: `face-tag${tag ? ` tag-${tag}` : ''}`, text: tag ? tag.toUpperCase() : '' }));
  }));
}

// renderStreaks draws the current runs of big/small and odd/even and the
// rounds since the last triple and since each face came up (the board's
// stats.streaks and stats.since; a null count is "not in the last N").
function renderStreaks(b) {
  const s = b.stats;
  const n = s.results || 0;
  const st = s.streaks || {};
  const since = s.since || {};
  const run = (r) => {
    if (!r || !r.length) return [el('span', { class: 'muted', text: '–' })];
    const names = { ...SIZE, ...PARITY };
    const [, name] = names[r.outcome] || ['', r.outcome];
    return [el('span', { class: `mark mark-${r.outcome}`, text: name }), ` ${r.length} in a row`];
  };
  const ago = (v) => (v === null || v === undefined ? (n > 0 ? `over ${n}` : '–') : String(v));
  $('streak-size').replaceChildren(...run(st.size));
  $('streak-parity').replaceChildren(...run(st.parity));
  const t = since.triple;
  $('since-triple').textContent = t === null || t === undefined ? (n > 0 ? `none in ${n}` : '–') : t === 0 ? 'last round' : `${t} round${t === 1 ? '' : 's'} ago`;
  const faces = since.faces || [1, 2, 3, 4, 5, 6].map((face) => ({ face, rounds: null }));
  $('since-faces').replaceChildren(...faces.map((f) => el('li', { class: `gap${f.rounds === null && n > 0 ? ' is-absent' : ''}` },
    die(f.face, 'die-sm'),
    el('span', { class: 'gap-n' }, srOnly(`Face ${f.face}: rounds since, `), ago(f.rounds)))));
}

// renderChart draws the totals 3..18 as an SVG bar chart sized to its box in
// real pixels, so that its text stays sharp and readable at any size. The
// axis has the counts on its left and their share of the rounds on its
// right; each bar has its count above it and, where a slot has room, its
// percentage under its total. A count sits above both its bar and the
// expected mark, so that no mark crosses a number.
function renderChart(b) {
  const box = $('chart');
  const W = Math.max(260, Math.round(box.clientWidth));
  const H = Math.max(140, Math.round(box.clientHeight || W * 0.42));
  // Labels follow the page's type size (large on a wall screen) but shrink
  // in a short chart so that the bars keep most of the height.
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const font = Math.round(Math.max(9, Math.min(rem * 0.9, H / 9, slotFont(W * 0.8))));
  const totals = b.stats.totals || [];
  const n = b.stats.results || 0;
  const expected = TOTAL_WAYS.map((w) => (n * w) / 216);
  const max = Math.max(1, ...totals.map((t) => t.count), ...expected);
  const step = axisStep(max);
  const top = font * 1.6;
  const axisMax = Math.ceil(max / step) * step;
  const left = font * (String(axisMax).length * 0.62 + 0.7);
  const right = font * 2.7;
  const slot = (W - left - right) / 16;
  const barW = slot * 0.7;
  const pctFont = Math.max(10, Math.round(font * 0.8));
  const pctRow = n > 0 && slot >= pctFont * 2.3;
  const bottom = font * 1.9 + (pctRow ? pctFont * 1.3 : 0);
  const plotH = H - top - bottom;
  const yOf = (v) => top + plotH - (plotH * v) / axisMax;
  const s = svg('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: 'chart-svg', role: 'img', 'aria-labelledby': 'totals-h chart-desc' });
  const desc = svg('desc', { id: 'chart-desc' });
  desc.textContent = totals.filter((t) => t.count > 0).map((t) => `total ${t.total}: ${t.count} (${fmtPct(t)})`).join(', ') || 'no results yet';
  s.append(desc);
  // The axis: a grid line per step, counts on the left, shares on the right.
  const grid = [];
  for (let v = 0; v <= axisMax; v += step) {
    const y = Math.round(yOf(v)) + 0.5;
    grid.push(svg('line', { x1: left, x2: W - right, y1: y, y2: y, class: v === 0 ? 'axis' : 'grid' }));
    const c = svg('text', { x: left - font * 0.35, y: y + font * 0.35, class: 'tick tick-count', 'font-size': font });
    c.textContent = String(v);
    grid.push(c);
    if (n > 0) {
      const p = svg('text', { x: W - right + font * 0.35, y: y + font * 0.35, class: 'tick tick-pct', 'font-size': font });
      p.textContent = `${Math.round((100 * v) / n)}%`;
      grid.push(p);
    }
  }
  // Bars first, then the expected marks over them, then the numbers over
  // both, so that no number is crossed by a line.
  const bars = [];
  const marks = [];
  const labels = [];
  totals.forEach((t, i) => {
    const x = left + i * slot + (slot - barW) / 2;
    const kind = t.total === 3 || t.total === 18 ? 'triple' : t.total <= 10 ? 'small' : 'big';
    const yBar = yOf(t.count);
    const yExp = yOf(expected[i]);
    if (t.count > 0) {
      bars.push(svg('rect', { x, y: yBar, width: barW, height: Math.max(top + plotH - yBar, 1), rx: Math.min(4, barW / 6), class: `bar bar-${kind}` }));
      const v = svg('text', { x: x + barW / 2, y: Math.min(yBar, n > 0 ? yExp : yBar) - font * 0.35, class: 'bar-value', 'font-size': font });
      v.textContent = String(t.count);
      labels.push(v);
    }
    if (n > 0) marks.push(svg('line', { x1: x - 2, x2: x + barW + 2, y1: yExp, y2: yExp, class: 'expected' }));
    const lab = svg('text', { x: x + barW / 2, y: top + plotH + font * 1.25, class: `bar-label label-${kind}`, 'font-size': font });
    lab.textContent = String(t.total);
    labels.push(lab);
    if (pctRow) {
      const p = svg('text', { x: x + barW / 2, y: top + plotH + font * 1.25 + pctFont * 1.25, class: 'bar-pct', 'font-size': pctFont });
      p.textContent = `${Math.round(pct(t))}%`;
      labels.push(p);
    }
  });
  s.append(...grid, ...bars, ...marks, ...labels);
  box.replaceChildren(s);
}

// axisStep is a round step (1, 2, 5, 10, 20, …) that puts at most five
// lines on an axis up to max.
function axisStep(max) {
  for (let m = 1; ; m *= 10) {
    for (const f of [1, 2, 5]) {
      if (max / (f * m) <= 5) return f * m;
    }
  }
}

// slotFont is the largest label size whose two digits (bold) fit one bar's
// slot of a plot width wide.
function slotFont(width) {
  return width / 16 / 1.55;
}

function renderResults(b, fresh) {
  const list = $('results');
  // The wall has room for ten by five cards; other layouts scroll.
  const max = document.documentElement.classList.contains('wall') ? WALL_RESULTS_MAX : RESULTS_MAX;
  const items = b.results.slice(0, max).map((r) => el('li', {
    class: `result${r.size === 'triple' ? ' is-triple' : ''}${fresh.has(r.round) ? ' is-fresh' : ''}`,
  },
  srOnly(describe(r)),
  el('span', { class: 'result-body', 'aria-hidden': 'true' },
    dice(r.dice, 'die-md'),
    el('span', { class: 'result-total', text: String(r.total) }),
    marks(r, false),
    el('span', { class: 'result-no', text: `#${r.number}${r.corrected ? ' ✎' : ''}` }))));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No results yet.' }));
  list.replaceChildren(...items);
}

// emptyBoard is drawn before the first board arrives, so that the layout
// does not jump when it does.
function emptyBoard(table) {
  const zero = { count: 0, percent: '0' };
  return {
    seq: 0, table, size: 0, results: [],
    stats: {
      results: 0, big: zero, small: zero, odd: zero, even: zero, triples: zero,
      faces: [1, 2, 3, 4, 5, 6].map((face) => ({ face, ...zero })), hot: [], cold: [],
      totals: TOTAL_WAYS.map((_, i) => ({ total: i + 3, ...zero })),
    },
  };
}

// ---------- roulette ----------

// isRoulette tells a roulette board by its statistics.
function isRoulette(b) {
  return Boolean(b && b.stats && Array.isArray(b.stats.numbers));
}

function pocket(p, colour, cls = '') {
  return el('span', { class: `pocket pocket-${colour || 'green'} ${cls}`.trim(), text: p });
}

function describeSpin(r) {
  const parts = [`Round ${r.number}: ${r.pocket} ${r.colour}`];
  if (r.corrected) parts.push('corrected result');
  return parts.join(', ') + '.';
}

function renderRouletteLatest(b) {
  const box = $('r-latest');
  const r = b.results[0];
  if (!r) {
    box.replaceChildren(el('p', { class: 'empty', text: 'Waiting for the first spin…' }));
    $('r-latest-round').textContent = '';
    return;
  }
  $('r-latest-round').textContent = `· round ${r.number}`;
  box.replaceChildren(
    el('div', { class: 'latest-pocket' }, pocket(r.pocket, r.colour, 'pocket-xl'), srOnly(describeSpin(r))),
    el('div', { class: 'latest-meta', 'aria-hidden': 'true' },
      el('span', { class: 'latest-total', text: cap(r.colour || '') }),
      el('span', { class: 'latest-time', text: timeOf(r.at) }),
      r.corrected ? el('span', { class: 'corrected', text: 'corrected' }) : ''),
  );
}

function renderRouletteShares(b) {
  const s = b.stats;
  $('r-shares-n').textContent = String(s.results || 0);
  renderSplit($('r-split-colour'), s.red, s.black, s.green, 'red', 'black', 'green');
  renderSplit($('r-split-parity'), s.odd, s.even, s.green, 'odd', 'even', 'green');
  renderSplit($('r-split-half'), s.low, s.high, s.green, 'low', 'high', 'green');
  $('r-green').textContent = `${fmtPct(s.green)} · ${(s.green && s.green.count) || 0}×`;
  $('r-has-00').textContent = (s.numbers || []).some((n) => n.pocket === '00') ? ', 00' : '';
}

function renderGroups(list, groups, name) {
  const max = Math.max(1, ...groups.map((g) => g.count));
  list.replaceChildren(...groups.map((g) => {
    const fill = el('span', { class: 'group-fill' });
    fill.style.setProperty('--share', String(g.count / max));
    return el('li', { class: 'group' },
      el('span', { class: 'group-no', text: String(g.group) }),
      el('span', { class: 'group-bar', 'aria-hidden': 'true' }, fill),
      el('span', { class: 'group-count' }, srOnly(`${name} ${g.group}: `), `${g.count}×`),
      el('span', { class: 'group-pct', text: fmtPct(g) }));
  }));
}

function renderRouletteGroups(b) {
  const s = b.stats;
  renderGroups($('r-dozens'), s.dozens || [], 'Dozen');
  renderGroups($('r-columns'), s.columns || [], 'Column');
  const colourOf = new Map((s.numbers || []).map((n) => [n.pocket, n.colour]));
  const chips = (ps) => (ps.length ? ps.map((p) => pocket(p, colourOf.get(p))) : [el('span', { class: 'muted', text: '–' })]);
  $('r-hot').replaceChildren(...chips(s.hot || []));
  $('r-cold').replaceChildren(...chips(s.cold || []));
}

function renderRouletteNumbers(b) {
  const s = b.stats;
  const hot = new Set(s.hot || []);
  const cold = new Set(s.cold || []);
  $('r-numbers').replaceChildren(...(s.numbers || []).map((n) => {
    const tag = hot.has(n.pocket) ? ' is-hot' : cold.has(n.pocket) ? ' is-cold' : '';
    return el('div', { class: `num${tag}` },
      pocket(n.pocket, n.colour),
      el('span', { class: 'num-count' }, srOnly(`${n.pocket}: `), `${n.count}×`));
  }));
}

function renderRouletteResults(b, fresh) {
  const max = document.documentElement.classList.contains('wall') ? WALL_RESULTS_MAX : RESULTS_MAX;
  const items = b.results.slice(0, max).map((r) => el('li', { class: `spin${fresh.has(r.round) ? ' is-fresh' : ''}` },
    srOnly(describeSpin(r)),
    el('span', { 'aria-hidden': 'true' }, pocket(r.pocket, r.colour)),
    el('span', { class: 'result-no', 'aria-hidden': 'true', text: `#${r.number}${r.corrected ? ' ✎' : ''}` })));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No spins yet.' }));
  $('r-results').replaceChildren(...items);
}

function renderRoulette(b, fresh) {
  renderRouletteLatest(b);
  renderRouletteShares(b);
  renderRouletteGroups(b);
  renderRouletteNumbers(b);
  renderRouletteResults(b, fresh);
}

function emptyRouletteBoard(table) {
  const zero = { count: 0, percent: '0' };
  const numbers = ['0', ...Array.from({ length: 36 }, (_, i) => String(i + 1))].map((p) => ({ pocket: p, colour: 'green', ...zero }));
  const groups = [1, 2, 3].map((group) => ({ group, ...zero }));
  return {
    seq: 0, table, size: 0, results: [],
    stats: {
      results: 0, last: [], red: zero, black: zero, green: zero, odd: zero, even: zero, low: zero, high: zero,
      dozens: groups, columns: groups, hot: [], cold: [], numbers,
    },
  };
}

// ---------- baccarat ----------

// isBaccarat tells a baccarat board by its statistics: the bead plate.
function isBaccarat(b) {
  return Boolean(b && b.stats && Array.isArray(b.stats.beads));
}

const SIDE = { player: ['P', 'Player'], banker: ['B', 'Banker'], tie: ['T', 'Tie'] };
const BEAD_ROWS = 6; // a bead plate fills columns of six, top to bottom

function bead(r, cls = '') {
  const side = SIDE[r.winner] || ['?', r.winner || ''];
  const point = r.winner === 'banker' ? r.banker : r.player;
  return el('span', {
    class: `bead bead-${r.winner}${r.natural ? ' is-natural' : ''} ${cls}`.trim(),
    title: `${side[1]} ${point}${r.natural ? ', natural' : ''}`,
  }, el('span', { class: 'bead-side', text: side[0] }), el('span', { class: 'bead-pt', text: String(point) }));
}

// A deux tableaux coup (its row or its bead) has "tableaux": each
// tableau's winner (the punters as "player", the banker, a tie or "void")
// and point against the banker's point.
const TABLEAU = { player: ['P', 'punters win'], banker: ['B', 'bank wins'], tie: ['T', 'tie'], void: ['V', 'void'] };

function isDeux(r) {
  return Array.isArray(r && r.tableaux);
}

function deuxBead(r, cls = '') {
  const halves = r.tableaux.map((t, i) => {
    const side = TABLEAU[t.winner] || ['?', t.winner || ''];
    return el('span', { class: `half half-${t.winner}`, title: `Tableau ${i + 1}: ${side[1]}${t.point === undefined ? '' : ` (${t.point})`}` },
      el('span', { class: 'bead-side', text: side[0] }), el('span', { class: 'bead-pt', text: t.point === undefined ? '–' : String(t.point) }));
  });
  return el('span', { class: `bead bead-deux${r.natural ? ' is-natural' : ''}${r.cagnotte ? ' has-cagnotte' : ''} ${cls}`.trim() },
    ...halves, el('span', { class: 'bead-bank', text: r.banker === undefined ? '–' : String(r.banker) }));
}

function describeDeux(r) {
  const parts = [`Round ${r.number}`];
  r.tableaux.forEach((t, i) => {
    const side = TABLEAU[t.winner] || ['', t.winner];
    parts.push(`tableau ${i + 1} ${side[1]}${t.point === undefined ? '' : ` with ${t.point}`}`);
  });
  parts.push(r.banker === undefined ? 'banker void' : `banker ${r.banker}`);
  if (r.cagnotte) parts.push(`cagnotte ${r.cagnotte}`);
  if (r.natural) parts.push('natural');
  if (r.cut_card) parts.push('last coup of the shoe');
  if (r.corrected) parts.push('corrected result');
  return parts.join(', ') + '.';
}

function describeCoup(r) {
  if (isDeux(r)) return describeDeux(r);
  const side = SIDE[r.winner] || ['', r.winner];
  const parts = [`Round ${r.number}: ${side[1]}${r.winner === 'tie' ? '' : ' wins'}, player ${r.player}, banker ${r.banker}`];
  if (r.natural) parts.push('natural');
  if (r.corrected) parts.push('corrected result');
  return parts.join(', ') + '.';
}

function renderBaccaratLatest(b) {
  const box = $('b-latest');
  const r = b.results[0];
  if (!r) {
    box.replaceChildren(el('p', { class: 'empty', text: 'Waiting for the first coup…' }));
    $('b-latest-round').textContent = '';
    return;
  }
  $('b-latest-round').textContent = `· round ${r.number}`;
  if (isDeux(r)) {
    const tab = (t, i) => el('span', { class: `hand${t.winner === 'player' ? ' is-won' : ''}` },
      el('span', { class: 'hand-name', text: `Tableau ${i + 1}` }),
      el('span', { class: 'hand-pt', text: t.point === undefined ? 'void' : String(t.point) }));
    box.replaceChildren(
      el('div', { class: 'latest-coup' }, deuxBead(r, 'bead-xl'), srOnly(describeCoup(r))),
      el('div', { class: 'latest-meta', 'aria-hidden': 'true' },
        ...r.tableaux.map(tab),
        el('span', { class: 'hand' }, el('span', { class: 'hand-name', text: 'Banker' }), el('span', { class: 'hand-pt', text: r.banker === undefined ? '–' : String(r.banker) })),
        r.natural ? el('span', { class: 'natural', text: 'natural' }) : '',
        r.cut_card ? el('span', { class: 'natural', text: 'cut card' }) : '',
        el('span', { class: 'latest-time', text: timeOf(r.at) }),
        r.corrected ? el('span', { class: 'corrected', text: 'corrected' }) : ''),
    );
    return;
  }
  const hand = (name, pt, won) => el('span', { class: `hand${won ? ' is-won' : ''}` },
    el('span', { class: 'hand-name', text: name }), el('span', { class: 'hand-pt', text: String(pt) }));
  box.replaceChildren(
    el('div', { class: 'latest-coup' }, bead(r, 'bead-xl'), srOnly(describeCoup(r))),
    el('div', { class: 'latest-meta', 'aria-hidden': 'true' },
      hand('Player', r.player, r.winner === 'player'), hand('Banker', r.banker, r.winner === 'banker'),
      r.natural ? el('span', { class: 'natural', text: 'natural' }) : '',
      el('span', { class: 'latest-time', text: timeOf(r.at) }),
      r.corrected ? el('span', { class: 'corrected', text: 'corrected' }) : ''),
  );
}

function renderBaccaratShares(b) {
  const s = b.stats;
  $('b-shares-n').textContent = String(s.coups || 0);
  renderSplit($('b-split'), s.player, s.banker, s.tie, 'player', 'banker', 'tie');
  $('b-tie').textContent = `${fmtPct(s.tie)} · ${(s.tie && s.tie.count) || 0}×`;
  const hands = s.natural_hands || [];
  $('b-naturals').textContent = `${fmtPct(s.naturals)} · ${(s.naturals && s.naturals.count) || 0}×`;
  $('b-natural-hands').textContent = hands.length === 2 ? `player ${hands[0]} · banker ${hands[1]}`
    : hands.length === 3 ? `tableau 1 ${hands[0]} · tableau 2 ${hands[1]} · banker ${hands[2]}` : '–';
  // Deux tableaux: the shares count tableau results (the punters as
  // "player"), each tableau apart, and the cagnotte the bank paid.
  const deux = s.form === 'deux_tableaux';
  const punters = $('b-split').querySelector('.split-player .split-name');
  if (deux && punters) punters.textContent = 'Punters';
  $('b-plate-legend').textContent = deux
    ? 'oldest first, columns of six · each tableau against the bank: P punters, B bank, T tie, V void, its point; the banker\'s point below; gold ring = cagnotte'
    : 'oldest first, columns of six · P player, B banker, T tie, point of the winner, ring = natural';
  $('b-tableaux-dl').hidden = !deux;
  $('b-cagnotte-dl').hidden = !deux;
  if (deux) {
    $('b-tableaux').textContent = (s.tableaux || []).map((t) =>
      `${t.tableau}: P ${fmtPct(t.punters)} · B ${fmtPct(t.banker)} · T ${fmtPct(t.tie)}${t.void ? ` · ${t.void} void` : ''}`).join(' | ') || '–';
    const c = s.cagnotte || {};
    $('b-cagnotte').textContent = `${c.amount === undefined ? '–' : c.amount} · ${(c.coups && c.coups.count) || 0} coups`;
  }
}

function renderBeadPlate(b, fresh) {
  const beads = b.stats.beads || [];
  const cols = Math.max(1, Math.ceil(beads.length / BEAD_ROWS));
  const plate = $('b-plate');
  plate.style.setProperty('--cols', String(Math.max(cols, 9)));
  const items = beads.map((r) => el('li', { class: fresh.has(r.round) ? 'is-fresh' : '' },
    srOnly(describeCoup(r)), el('span', { 'aria-hidden': 'true' }, isDeux(r) ? deuxBead(r) : bead(r))));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No coups yet.' }));
  plate.replaceChildren(...items);
}

function renderBaccarat(b, fresh) {
  renderBaccaratLatest(b);
  renderBaccaratShares(b);
  renderBeadPlate(b, fresh);
}

function emptyBaccaratBoard(table) {
  const zero = { count: 0, percent: '0' };
  return {
    seq: 0, table, size: 0, results: [],
    stats: { form: 'punto_banco', coups: 0, beads: [], player: zero, banker: zero, tie: zero, naturals: zero, natural_hands: [0, 0] },
  };
}

// ---------- craps ----------

// isCraps tells a craps board by its statistics.
function isCraps(b) {
  return Boolean(b && b.stats && Array.isArray(b.stats.last) && 'shooter' in b.stats);
}

const CRAPS_EVENT = {
  natural: ['N', 'Natural'],
  craps: ['C', 'Craps'],
  point_set: ['P', 'Point set'],
  point_made: ['✓', 'Point made'],
  seven_out: ['7✗', 'Seven-out'],
  none: ['', ''],
};

function describeRoll(l) {
  const ev = CRAPS_EVENT[l.event] || ['', ''];
  const parts = [`${l.dice.join(' and ')}, total ${l.total}`];
  if (ev[1]) parts.push(ev[1].toLowerCase());
  if (l.point) parts.push(`point ${l.point}`);
  return parts.join(', ') + '.';
}

function rollEvent(l) {
  const ev = CRAPS_EVENT[l.event];
  if (!ev || !ev[0]) return '';
  return el('span', { class: `mark c-ev c-ev-${l.event}`, text: ev[0], title: ev[1] });
}

function renderCraps(b, fresh) {
  const s = b.stats;
  const last = (s.last || []).slice().reverse(); // newest first
  const l = last[0];
  if (!l) {
    $('c-latest').replaceChildren(el('p', { class: 'empty', text: 'Waiting for the first roll…' }));
    $('c-latest-round').textContent = '';
  } else {
    const row = b.results[0];
    $('c-latest-round').textContent = row ? `· hand ${row.number}` : '';
    $('c-latest').replaceChildren(
      el('div', { class: 'latest-dice' }, dice(l.dice, 'die-xl'), srOnly(describeRoll(l))),
      el('div', { class: 'latest-meta', 'aria-hidden': 'true' },
        el('span', { class: 'latest-total', text: String(l.total) }),
        rollEvent(l),
        row ? el('span', { class: 'latest-time', text: timeOf(row.at) }) : ''),
    );
  }
  const point = $('c-point');
  point.textContent = s.point ? String(s.point) : 'OFF';
  point.classList.toggle('is-on', Boolean(s.point));
  const shooter = s.shooter ? `hand ${s.shooter_number || '?'} · ${s.shooter_rolls} roll${s.shooter_rolls === 1 ? '' : 's'}` : 'next shooter';
  $('c-shooter').textContent = shooter;
  $('c-made').textContent = String(s.points_made || 0);
  $('c-outs').textContent = String(s.seven_outs || 0);
  $('c-rolls-n').textContent = String(s.rolls || 0);
  $('c-last-n').textContent = String(s.rolls || 0);
  const hot = new Set(s.hot || []);
  const cold = new Set(s.cold || []);
  const max = Math.max(1, ...(s.totals || []).map((t) => t.count));
  $('c-totals').replaceChildren(...(s.totals || []).map((t) => {
    const fill = el('span', { class: 'group-fill' });
    fill.style.setProperty('--share', String(t.count / max));
    const tag = hot.has(t.total) ? ' is-hot' : cold.has(t.total) ? ' is-cold' : '';
    return el('li', { class: `group c-total${tag}` },
      el('span', { class: 'group-no', text: String(t.total) }),
      el('span', { class: 'group-bar', 'aria-hidden': 'true' }, fill),
      el('span', { class: 'group-count' }, srOnly(`Total ${t.total}: `), `${t.count}×`),
      el('span', { class: 'group-pct', text: fmtPct(t) }));
  }));
  const chips = (ts) => (ts.length ? ts.map((t) => el('span', { class: 'c-chip', text: String(t) })) : [el('span', { class: 'muted', text: '–' })]);
  $('c-hot').replaceChildren(...chips(s.hot || []));
  $('c-cold').replaceChildren(...chips(s.cold || []));
  const maxItems = document.documentElement.classList.contains('wall') ? WALL_RESULTS_MAX : RESULTS_MAX;
  const freshRoll = b.results[0] && fresh.has(b.results[0].seq);
  const items = last.slice(0, maxItems).map((r, i) => el('li', { class: `c-roll c-roll-${r.event}${i === 0 && freshRoll ? ' is-fresh' : ''}` },
    srOnly(describeRoll(r)),
    el('span', { 'aria-hidden': 'true' }, dice(r.dice, 'die-sm')),
    el('span', { class: 'c-roll-total', 'aria-hidden': 'true', text: String(r.total) }),
    el('span', { 'aria-hidden': 'true' }, rollEvent(r))));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No rolls yet.' }));
  $('c-results').replaceChildren(...items);
}

function emptyCrapsBoard(table) {
  return {
    seq: 0, table, size: 0, results: [],
    stats: {
      rolls: 0, last: [], points_made: 0, seven_outs: 0, naturals: 0, craps: 0, hot: [], cold: [],
      totals: Array.from({ length: 11 }, (_, i) => ({ total: i + 2, count: 0, percent: '0' })),
      point: 0, shooter: '', shooter_number: 0, shooter_rolls: 0,
    },
  };
}

// ---------- blackjack and War ----------

// isBlackjack and isWar tell their boards by their statistics (both have
// "beads", as baccarat's: test them first).
function isBlackjack(b) {
  return Boolean(b && b.stats && Array.isArray(b.stats.beads) && 'dealer_bust_rate' in b.stats);
}

function isWar(b) {
  return Boolean(b && b.stats && Array.isArray(b.stats.beads) && 'wars_won' in b.stats);
}

const SUIT = { S: '♠', H: '♥', D: '♦', C: '♣' };

function card(c) {
  const suit = c.slice(-1);
  return el('span', { class: `k-card${suit === 'H' || suit === 'D' ? ' is-red' : ''}`, text: `${c.slice(0, -1)}${SUIT[suit] || suit}` });
}

const WAR_RESULT = {
  player: 'player wins', dealer: 'dealer wins', surrender: 'tie, surrendered', war_player: 'war, player wins', war_dealer: 'war, dealer wins',
};

function describeCards(bd, war) {
  if (war) {
    const pairs = (bd.pairs || []).map((p) => `seat ${p.seat} ${p.player} against ${p.dealer}: ${WAR_RESULT[p.result] || p.result}`);
    return `Round ${bd.number}: ${pairs.join('; ')}.`;
  }
  return `Round ${bd.number}: the dealer has ${(bd.dealer || []).join(' ')}, ${bd.result === 'bust' ? 'bust' : bd.result}.`;
}

function beadBody(bd, war) {
  if (war) {
    return (bd.pairs || []).map((p) => el('span', { class: 'k-pair' },
      el('span', { class: 'muted', text: ` ${p.seat}: ` }), card(p.player), card(p.dealer),
      ...(p.war || []).map(card),
      el('span', { class: `k-result k-result-${p.result}`, text: WAR_RESULT[p.result] || p.result })));
  }
  return [...(bd.dealer || []).map(card), el('span', { class: `k-result k-result-${bd.result}`, text: bd.result })];
}

function renderCards(b, fresh) {
  const s = b.stats;
  const war = isWar(b);
  const beads = (s.beads || []).slice().reverse(); // newest first
  const last = beads[0];
  if (!last) {
    $('k-latest').replaceChildren(el('p', { class: 'empty', text: 'Waiting for the first round…' }));
    $('k-latest-round').textContent = '';
  } else {
    $('k-latest-round').textContent = `· round ${last.number}`;
    $('k-latest').replaceChildren(el('div', { class: 'k-round' }, srOnly(describeCards(last, war)),
      el('span', { 'aria-hidden': 'true' }, ...beadBody(last, war))));
  }
  $('k-rounds-n').textContent = String(s.rounds || 0);
  const fact = (name, value) => el('div', {}, el('dt', { text: name }), el('dd', { text: value }));
  const pc = (c) => `${fmtPct(c)} · ${(c && c.count) || 0}`;
  const d = s.dealer || {};
  $('k-facts').replaceChildren(...(war
    ? [fact('Player wins', pc(s.player)), fact('Dealer wins', pc(s.dealer)), fact('Ties', pc(s.ties)),
      fact('Wars', `${pc(s.wars)} · won ${s.wars_won || 0}`), fact('Surrenders', pc(s.surrenders)), fact('Hands', String(s.hands || 0))]
    : [fact('Dealer bust rate', `${s.dealer_bust_rate || '0'}%`), fact('Dealer blackjacks', String(s.dealer_blackjacks || 0)),
      fact('Player blackjacks', String(s.player_blackjacks || 0)),
      ...['17', '18', '19', '20', '21'].map((t) => fact(`Dealer ${t}`, pc(d[t])))]));
  $('k-seats-panel').hidden = war;
  $('cards').classList.toggle('is-war', war);
  if (!war) {
    const head = el('tr', {}, ...['Seat', 'Hands', 'Won', 'Lost', 'Push', 'Surr.', 'BJ', 'Bust'].map((h) => el('th', { text: h })));
    const rows = (s.seats || []).map((x) => el('tr', {}, el('td', { text: String(x.seat) }), el('td', { text: String(x.hands) }),
      ...[x.won, x.lost, x.push, x.surrendered, x.blackjacks, x.busts].map((c) => el('td', { text: String((c && c.count) || 0) }))));
    $('k-seats').replaceChildren(head, ...rows);
  }
  const maxItems = document.documentElement.classList.contains('wall') ? WALL_RESULTS_MAX : RESULTS_MAX;
  const items = beads.slice(0, maxItems).map((bd) => el('li', { class: `k-round${fresh.has(bd.round) ? ' is-fresh' : ''}` },
    srOnly(describeCards(bd, war)),
    el('span', { 'aria-hidden': 'true' }, el('span', { class: 'k-round-no', text: String(bd.number) }), ...beadBody(bd, war))));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No rounds yet.' }));
  $('k-history').replaceChildren(...items);
}

function emptyBlackjackBoard(table) {
  const zero = { count: 0, percent: '0' };
  return {
    seq: 0, table, size: 0, results: [],
    stats: {
      rounds: 0, incomplete: 0, dealer_bust_rate: '0', player_blackjacks: 0, dealer_blackjacks: 0, seats: [], beads: [],
      dealer: { bust: zero, 17: zero, 18: zero, 19: zero, 20: zero, 21: zero, blackjack: zero },
    },
  };
}

// ---------- bingo ----------

// isBingo tells a bingo board by its statistics: the game in progress and
// each number's frequency.
function isBingo(b) {
  return Boolean(b && b.stats && b.stats.current && Array.isArray(b.stats.frequency));
}

function ball(n, cls = '') {
  return el('span', { class: `g-ball ${cls}`.trim(), text: String(n) });
}

function renderBingo(b, fresh) {
  const s = b.stats;
  const cur = s.current || { balls: [] };
  const balls = Array.isArray(cur.balls) ? cur.balls : [];
  const lastBall = balls[balls.length - 1];
  $('g-latest-round').textContent = cur.number ? `· game ${cur.number}` : '';
  $('g-count').textContent = String(balls.length);
  if (lastBall === undefined) {
    $('g-latest').replaceChildren(el('p', { class: 'empty', text: 'Waiting for the first ball…' }));
  } else {
    $('g-latest').replaceChildren(el('div', { class: 'latest-ball' }, ball(lastBall, 'g-ball-xl'), srOnly(`Ball ${lastBall}, ball ${balls.length} of this game.`)));
  }
  const drawn = new Set(balls);
  const cells = [];
  for (let n = 1; n <= 90; n++) {
    const on = drawn.has(n);
    cells.push(el('span', { class: `g-cell${on ? ' is-drawn' : ''}${n === lastBall && fresh ? ' is-fresh' : ''}`, role: 'listitem', text: String(n),
      'aria-label': `${n}${on ? ' drawn' : ''}` }));
  }
  $('g-grid').replaceChildren(...cells);
  const items = balls.map((n, i) => el('li', { class: 'g-drawn' }, srOnly(`Ball ${i + 1}: `), ball(n)));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No ball yet.' }));
  $('g-balls').replaceChildren(...items);
  const games = (s.last || []).slice().reverse(); // newest first
  $('g-games-n').textContent = String(s.games || 0);
  const rows = games.slice(0, WALL_RESULTS_MAX).map((g) => el('li', { class: 'g-game' },
    el('span', { class: 'g-game-no', text: `#${g.number}` }),
    el('span', { class: 'g-game-balls', text: g.void ? `void (${g.void})` : `${g.balls} balls` }),
    g.line_ball ? el('span', { class: 'g-game-line', text: bingoPrizeText('line', g.line_ball, g.line_number, g.line_prize) }) : '',
    g.bingo_ball ? el('span', { class: 'g-game-bingo', text: bingoPrizeText('bingo', g.bingo_ball, g.bingo_number, g.bingo_prize) }) : '',
    (g.winners || []).length ? el('span', { class: 'g-game-winners muted', text: bingoWinnersText(g) }) : ''));
  if (rows.length === 0) rows.push(el('li', { class: 'empty', text: 'No game finished yet.' }));
  $('g-games').replaceChildren(...rows);
  const chips = (ns) => (ns.length && ns.length < 90 ? ns.slice(0, 15).map((n) => ball(n)) : [el('span', { class: 'muted', text: '–' })]);
  $('g-hot').replaceChildren(...chips(s.hot || []));
  $('g-cold').replaceChildren(...chips(s.cold || []));
  renderBingoAnnouncement(b);
}

// renderBingoAnnouncement shows the hall's announcement of the game in
// progress (the cards sold by series, from number to number, and the line
// and bingo prizes, said aloud when sales close) and its session with the
// game's number in it. They are on the table (GET /v1/tables, which the
// public board may read; the round view may not be): the page reads the
// table again, once per game, when the game's first ball shows and the
// table it holds has no announcement of this game yet.
function renderBingoAnnouncement(b) {
  const cur = b.stats.current || {};
  const balls = Array.isArray(cur.balls) ? cur.balls : [];
  const t = state.tables.find((x) => x.id === b.table);
  const a = t && t.announcement && t.announcement.round === cur.round ? t.announcement : null;
  if (!a && cur.round && balls.length > 0 && b.seq > 0 && state.bingoAsked !== cur.round) {
    state.bingoAsked = cur.round;
    refreshBingoAnnouncement(b.table, b.seq);
  }
  const se = a && a.session ? `session ${a.session} · game ${a.session_game}` : '';
  $('g-session').textContent = se;
  $('g-session').hidden = !se;
  $('g-announce').textContent = a ? a.text : '';
  $('g-announce-box').hidden = !a;
}

// refreshBingoAnnouncement reads the table list as of the board shown
// (min_seq: the sales close came before the ball) and draws the
// announcement again.
async function refreshBingoAnnouncement(table, seq) {
  let t = null;
  try {
    t = tableList(await getJSON(`/tables?min_seq=${seq}`)).find((x) => x.id === table) || null;
  } catch {
    return; // the periodic refresh of the table brings it later
  }
  if (!t || table !== state.table) return;
  const i = state.tables.findIndex((x) => x.id === table);
  if (i >= 0) state.tables[i] = t;
  else state.tables.push(t);
  if (state.board && state.board.table === table && isBingo(state.board)) renderBingoAnnouncement(state.board);
}

// bingoPrizeText describes a past game's prize: the ball that won it, by
// its place in the draw and its number, and the prize money.
function bingoPrizeText(prize, at, number, amount) {
  return `${prize} on ball ${at}${number ? ` (${number})` : ''}${amount ? ` · ${amount}` : ''}`;
}

// bingoWinnersText lists a past game's winning cards with what each took
// and which prizes, and how many more the board does not list.
function bingoWinnersText(g) {
  const ws = g.winners || [];
  const list = ws.map((w) => `${w.card} ${w.paid}${w.line && w.bingo ? ' (line, bingo)' : w.line ? ' (line)' : w.bingo ? ' (bingo)' : ''}`);
  const more = (g.winners_count || 0) - ws.length;
  return `winners: ${list.join(', ')}${more > 0 ? ` +${more} more` : ''}`;
}

function emptyBingoBoard(table) {
  return {
    seq: 0, table, size: 0, results: [],
    stats: {
      current: { round: '', number: 0, balls: [] }, games: 0, last: [], hot: [], cold: [],
      frequency: Array.from({ length: 90 }, (_, i) => ({ number: i + 1, count: 0, percent: '0' })),
    },
  };
}

function emptyWarBoard(table) {
  const zero = { count: 0, percent: '0' };
  return {
    seq: 0, table, size: 0, results: [],
    stats: { rounds: 0, incomplete: 0, hands: 0, player: zero, dealer: zero, ties: zero, wars: zero, wars_won: 0, surrenders: zero, beads: [] },
  };
}

function render(b) {
  // Results are new (highlighted, announced) only against a real board
  // shown before: not on the first board, nor after a change of table.
  const prev = state.board && state.board.table === b.table && state.board.seq > 0 ? state.board : null;
  const known = new Set(prev ? prev.results.map((r) => r.round) : []);
  const fresh = new Set(prev ? b.results.filter((r) => !known.has(r.round)).map((r) => r.round) : []);
  state.board = b;
  const cards = isBlackjack(b) || isWar(b);
  const baccarat = !cards && isBaccarat(b);
  const craps = !cards && !baccarat && isCraps(b);
  const bingo = !cards && !baccarat && !craps && isBingo(b);
  const roulette = !cards && !baccarat && !craps && !bingo && isRoulette(b);
  $('board').hidden = roulette || baccarat || craps || cards || bingo;
  $('bingo').hidden = !bingo;
  $('roulette').hidden = !roulette;
  $('baccarat').hidden = !baccarat;
  $('craps').hidden = !craps;
  $('cards').hidden = !cards;
  if (cards) {
    // Rows are cards and decisions; a round is new by its id.
    renderCards(b, fresh);
  } else if (baccarat) {
    renderBaccarat(b, fresh);
  } else if (bingo) {
    // A game has a row per ball: a ball is new by its sequence.
    const seqs = new Set(prev ? prev.results.map((r) => r.seq) : []);
    renderBingo(b, Boolean(prev && b.results[0] && !seqs.has(b.results[0].seq)));
  } else if (craps) {
    // A craps hand has a row per roll: a roll is new by its sequence.
    const seqs = new Set(prev ? prev.results.map((r) => r.seq) : []);
    renderCraps(b, new Set(prev ? b.results.filter((r) => !seqs.has(r.seq)).map((r) => r.seq) : []));
  } else if (roulette) {
    renderRoulette(b, fresh);
  } else {
    renderLatest(b);
    renderShares(b);
    renderStreaks(b);
    renderFaces(b);
    renderChart(b);
    renderResults(b, fresh);
  }
  if (b.seq === 0) return; // the empty board drawn while waiting
  if (Date.now() - (state.infoAt || 0) > TABLE_INFO_MS) refreshTableInfo(b.table);
  $(cards ? 'cards' : baccarat ? 'baccarat' : craps ? 'craps' : bingo ? 'bingo' : roulette ? 'roulette' : 'board').setAttribute('aria-busy', 'false');
  $('updated').textContent = `seq ${b.seq} · updated ${timeOf(new Date())}`;
  if (bingo) {
    const balls = b.stats.current.balls || [];
    if (prev && b.results[0] && !prev.results.some((r) => r.seq === b.results[0].seq) && balls.length > 0) {
      $('announce').textContent = `New ball: ${balls[balls.length - 1]}.`;
    }
    return;
  }
  if (craps) {
    const l = (b.stats.last || [])[b.stats.last.length - 1];
    if (prev && l && b.results[0] && !prev.results.some((r) => r.seq === b.results[0].seq)) {
      $('announce').textContent = `New roll. ${describeRoll(l)}`;
    }
    return;
  }
  if (cards) {
    const beads = b.stats.beads || [];
    const last = beads[beads.length - 1];
    if (prev && last && !(prev.stats.beads || []).some((x) => x.round === last.round)) {
      $('announce').textContent = `New round. ${describeCards(last, isWar(b))}`;
    }
    return;
  }
  if (fresh.size > 0 && b.results[0] && fresh.has(b.results[0].round)) {
    const r = b.results[0];
    $('announce').textContent = `New result. ${baccarat ? describeCoup(r) : roulette ? describeSpin(r) : describe(r)}`;
  }
}

// accept takes a board from the server, dropping one for another table or
// older than the one shown.
function accept(b) {
  if (!b || b.table !== state.table || !Array.isArray(b.results) || !b.stats) return;
  if (state.board && state.board.table === b.table && b.seq < state.board.seq) return;
  render(b);
}

// ---------- connection status and notices ----------

const CONN_TEXT = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

function setConn(s, text) {
  const c = $('conn');
  c.dataset.state = s;
  $('conn-text').textContent = text || CONN_TEXT[s] || s;
}

function notice(text) {
  const n = $('notice');
  n.textContent = text || '';
  n.hidden = !text;
}

// ---------- HTTP ----------

class HTTPError extends Error {
  constructor(status, detail) {
    super(detail || `HTTP ${status}`);
    this.status = status;
  }
}

function authHeaders(accept) {
  const h = { Accept: accept };
  if (state.token) h.Authorization = `Bearer ${state.token}`;
  return h;
}

// problem reads an RFC 9457 problem document's detail, if the answer is one.
async function problem(r) {
  try {
    const p = await r.json();
    return p.detail || p.title || '';
  } catch {
    return '';
  }
}

async function getJSON(path) {
  const r = await fetch(API + path, { headers: authHeaders('application/json'), cache: 'no-store' });
  if (!r.ok) throw new HTTPError(r.status, await problem(r));
  return r.json();
}

function explain(err) {
  if (err instanceof HTTPError) {
    if (err.status === 401) return 'This board needs a viewer token: open “Token” and paste one.';
    if (err.status === 403) return 'This token may not read the board: use a viewer token.';
    if (err.status === 404) return `Not found: ${err.message}`;
    return `The server answered ${err.status}: ${err.message}`;
  }
  return 'The server cannot be reached; retrying…';
}

// ---------- the live stream ----------

function boardPath(table) {
  return `/tables/${encodeURIComponent(table)}/board`;
}

function retryDelay() {
  const d = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(state.retry, 10));
  state.retry++;
  return d / 2 + Math.random() * (d / 2);
}

function onEvent(name, data) {
  if (name !== 'board') return;
  try {
    accept(JSON.parse(data));
  } catch (e) {
    console.warn('wagerlog: bad board event', e);
  }
}

// ---------- the stream's worker ----------

// The stream is followed in a dedicated worker (stream.js) when the browser
// has one: a request in flight from the page itself keeps Chromium's
// virtual time from advancing, so a page following an endless stream never
// goes idle for `chromium --headless --screenshot --virtual-time-budget`.
// Requests from a worker do not hold it. Without a worker the page follows
// the stream itself.
const worker = {
  w: null,
  failed: false,
  next: 1,
  handlers: new Map(), // stream id → fn(message)
};

function streamWorker() {
  if (worker.w || worker.failed) return worker.w;
  try {
    worker.w = new Worker('stream.js');
    worker.w.addEventListener('message', (e) => {
      const h = worker.handlers.get(e.data && e.data.id);
      if (h) h(e.data);
    });
  } catch (err) {
    console.warn('wagerlog: no stream worker, following the stream from the page', err);
    worker.failed = true;
  }
  return worker.w;
}

// openEventSource returns an EventSource, or the same interface (open,
// board and error events, readyState, close) over the worker's.
function openEventSource(url) {
  const w = streamWorker();
  if (!w) return new EventSource(url);
  const id = worker.next++;
  const target = new EventTarget();
  const es = {
    readyState: EventSource.CONNECTING,
    addEventListener: (name, fn) => target.addEventListener(name, fn),
    close() {
      es.readyState = EventSource.CLOSED;
      worker.handlers.delete(id);
      w.postMessage({ op: 'close', id });
    },
  };
  worker.handlers.set(id, (m) => {
    if (m.kind === 'open') {
      es.readyState = EventSource.OPEN;
      target.dispatchEvent(new Event('open'));
    } else if (m.kind === 'board') {
      const e = new Event('board');
      e.data = m.data;
      target.dispatchEvent(e);
    } else if (m.kind === 'error') {
      es.readyState = m.readyState;
      target.dispatchEvent(new Event('error'));
    }
  });
  w.postMessage({ op: 'events', id, url });
  return es;
}

// fetchStream fetches url as fetch does, the body as a stream, through the
// worker when there is one; aborting signal ends it.
function fetchStream(url, headers, signal) {
  const w = streamWorker();
  if (!w) return fetch(url, { headers, cache: 'no-store', signal });
  const id = worker.next++;
  return new Promise((resolve, reject) => {
    let body = null;
    const stop = (err) => {
      worker.handlers.delete(id);
      w.postMessage({ op: 'close', id });
      if (body) {
        try {
          body.error(err);
        } catch {
          // already closed
        }
      }
      reject(err);
    };
    signal.addEventListener('abort', () => stop(new DOMException('aborted', 'AbortError')), { once: true });
    worker.handlers.set(id, (m) => {
      if (m.kind === 'response') {
        const stream = new ReadableStream({ start(c) { body = c; } });
        resolve({ ok: m.ok, status: m.status, body: stream, json: async () => m.problem || {} });
      } else if (m.kind === 'chunk' && body) {
        body.enqueue(m.bytes);
      } else if (m.kind === 'end') {
        worker.handlers.delete(id);
        w.postMessage({ op: 'close', id });
        if (body) body.close();
      } else if (m.kind === 'fail') {
        stop(new Error(m.message));
      }
    });
    w.postMessage({ op: 'fetch', id, url, headers });
  });
}

// streamWithEventSource follows the stream with the browser's EventSource,
// which reconnects by itself after a dropped connection; when it gives up
// (an HTTP error), the page asks the board once to say why and tries again.
function streamWithEventSource(table) {
  let closed = false;
  let timer = 0;
  let es = null;
  const open = () => {
    es = openEventSource(API + boardPath(table) + '/stream');
    es.addEventListener('open', () => {
      state.retry = 0;
      setConn('live');
      notice('');
    });
    es.addEventListener('board', (e) => onEvent('board', e.data));
    es.addEventListener('error', () => {
      if (closed) return;
      if (es.readyState === EventSource.CONNECTING) {
        setConn('reconnecting');
        return;
      }
      es.close();
      setConn('reconnecting');
      probe(table);
      timer = setTimeout(open, retryDelay());
    });
  };
  open();
  return { close() { closed = true; clearTimeout(timer); if (es) es.close(); } };
}

// streamWithFetch follows the stream with fetch, which, unlike EventSource,
// can send the Authorization header: the token never goes into a URL. The
// server sends a heartbeat comment every 15 s; a connection silent for
// STREAM_SILENCE_MS is taken for dead and opened again.
function streamWithFetch(table) {
  let closed = false;
  let ctl = null;
  (async () => {
    while (!closed) {
      ctl = new AbortController();
      const mine = ctl;
      let watchdog = 0;
      const feed = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => mine.abort(), STREAM_SILENCE_MS);
      };
      try {
        feed();
        const r = await fetchStream(API + boardPath(table) + '/stream', authHeaders('text/event-stream'), mine.signal);
        if (!r.ok) throw new HTTPError(r.status, await problem(r));
        state.retry = 0;
        setConn('live');
        notice('');
        await readEvents(r.body, onEvent, feed);
      } catch (err) {
        if (closed) return;
        if (err instanceof HTTPError) {
          setConn('offline', err.status === 401 || err.status === 403 ? 'Token needed' : 'Offline');
          notice(explain(err));
        }
      } finally {
        clearTimeout(watchdog);
      }
      if (closed) return;
      if ($('conn').dataset.state === 'live') setConn('reconnecting');
      await new Promise((res) => setTimeout(res, retryDelay()));
    }
  })();
  return { close() { closed = true; if (ctl) ctl.abort(); } };
}

// readEvents parses a text/event-stream body (the WHATWG format: fields,
// blank line ends an event, ':' starts a comment) and calls fn per event.
async function readEvents(body, fn, onBytes) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  let name = 'message';
  let data = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onBytes();
    buf += value;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      let line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (data.length > 0) fn(name, data.join('\n'));
        name = 'message';
        data = [];
        size = 0;
        continue;
      }
      if (line.startsWith(':')) continue;
      const c = line.indexOf(':');
      const field = c < 0 ? line : line.slice(0, c);
      let val = c < 0 ? '' : line.slice(c + 1);
      if (val.startsWith(' ')) val = val.slice(1);
      if (field === 'event') name = val;
      else if (field === 'data') {
        data.push(val);
        size += val.length;
      }
    }
    if (buf.length + size > EVENT_BYTES_MAX) throw new Error('server-sent event over the size limit');
  }
}

// probe asks for the board once, to show it and to explain a failure.
async function probe(table) {
  try {
    const b = await getJSON(boardPath(table));
    if (table !== state.table) return;
    notice('');
    accept(b);
    return true;
  } catch (err) {
    if (table !== state.table) return false;
    if (err instanceof HTTPError && (err.status === 401 || err.status === 403)) {
      setConn('offline', 'Token needed');
      showTokenForm(true);
    } else if (err instanceof HTTPError) {
      setConn('offline');
    }
    notice(explain(err));
    return false;
  }
}

async function follow(table) {
  if (state.stream) state.stream.close();
  state.stream = null;
  state.retry = 0;
  state.board = null;
  const t = state.tables.find((x) => x.id === table);
  const empty = {
    roulette: emptyRouletteBoard, baccarat: emptyBaccaratBoard, craps: emptyCrapsBoard, blackjack: emptyBlackjackBoard, war: emptyWarBoard,
    bingo: emptyBingoBoard,
  }[t && t.game] || emptyBoard;
  render(empty(table));
  $('board').setAttribute('aria-busy', 'true');
  $('roulette').setAttribute('aria-busy', 'true');
  $('baccarat').setAttribute('aria-busy', 'true');
  $('craps').setAttribute('aria-busy', 'true');
  $('cards').setAttribute('aria-busy', 'true');
  $('bingo').setAttribute('aria-busy', 'true');
  setConn('connecting');
  await probe(table);
  if (table !== state.table) return;
  state.stream = state.token ? streamWithFetch(table) : streamWithEventSource(table);
}

// ---------- tables ----------

function tableList(v) {
  const list = Array.isArray(v) ? v : (v && Array.isArray(v.tables) ? v.tables : []);
  return list.slice(0, TABLES_MAX).filter((t) => t && typeof t.id === 'string');
}

function describeTable(t) {
  return [t.id, t.paytable || t.game, t.currency, t.status === 'closed' ? 'closed' : ''].filter(Boolean).join(' · ');
}

async function loadTables() {
  const sel = $('table');
  const wanted = new URLSearchParams(location.search).get('table') || state.table || localStorage.getItem(TABLE_KEY) || '';
  let tables;
  try {
    tables = tableList(await getJSON('/tables'));
  } catch (err) {
    if (err instanceof HTTPError && (err.status === 401 || err.status === 403)) {
      // Listing the tables needs a role the board does not (a public
      // board, or a viewer token): follow the table the address names.
      if (wanted) {
        tables = [];
      } else {
        sel.replaceChildren(el('option', { value: '', text: 'No table chosen' }));
        setConn('offline', 'No table');
        notice('This server lists its tables only to a token that may read them. Type the id of a table (the demo’s is demo-1), or use “Token”.');
        showTableForm(true);
        return;
      }
    } else {
      notice(explain(err));
      setConn('offline');
      setTimeout(loadTables, TABLES_RETRY_MS);
      return;
    }
  }
  state.tables = tables;
  if (wanted && !tables.some((t) => t.id === wanted)) {
    // A table named in the URL may be opened later: list it anyway.
    tables.unshift({ id: wanted, status: 'unknown' });
  }
  if (tables.length === 0) {
    sel.replaceChildren(el('option', { value: '', text: 'No tables yet' }));
    sel.disabled = true;
    setConn('offline', 'No tables');
    notice('No table is open yet. Open one through the API, or run “wagerlog serve --demo”.');
    setTimeout(loadTables, TABLES_RETRY_MS);
    return;
  }
  sel.replaceChildren(...tables.map((t) => el('option', { value: t.id, text: describeTable(t) })));
  sel.disabled = false;
  const open = tables.find((t) => t.status === 'open');
  const pick = wanted || (open || tables[0]).id;
  sel.value = pick;
  selectTable(pick);
}

function selectTable(id) {
  if (!id || id === state.table) return;
  state.table = id;
  localStorage.setItem(TABLE_KEY, id);
  const u = new URL(location.href);
  u.searchParams.set('table', id);
  history.replaceState(null, '', u);
  const t = state.tables.find((x) => x.id === id);
  $('table-info').textContent = t ? describeTable(t) : id;
  document.title = `${id} · wagerlog live board`;
  renderTableMeta(t);
  state.infoAt = t && t.paytable ? Date.now() : 0;
  follow(id);
}

// ---------- the table's terms ----------

// The header shows the table's paytable, limits and dealer, from the list
// of tables (or the table's own answer when the list is refused), read
// again at most every TABLE_INFO_MS while boards arrive: a supervisor may
// change the limits or the dealer between rounds.
const TABLE_INFO_MS = 30000;
const LIMITS_SHOWN = 3; // bet limits named in the header; the rest in its title

function limitRange(l) {
  return l && l.min !== undefined ? `${l.min}–${l.max}` : '';
}

function renderTableMeta(t) {
  const box = $('table-meta');
  if (!t || !t.paytable) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  $('meta-paytable').textContent = t.paytable;
  $('meta-paytable').title = t.paytable_hash ? `paytable hash ${t.paytable_hash}` : '';
  const codes = Object.keys(t.limits || {}).sort((a, b) => (a === '*' ? -1 : b === '*' ? 1 : a.localeCompare(b)));
  const bets = codes.map((c) => `${c === '*' ? 'each bet' : c} ${limitRange(t.limits[c])}`);
  const parts = [];
  if (t.band && limitRange(t.band)) parts.push(`table ${limitRange(t.band)}`);
  parts.push(...bets.slice(0, LIMITS_SHOWN));
  if (bets.length > LIMITS_SHOWN) parts.push(`+${bets.length - LIMITS_SHOWN} more`);
  const limits = $('meta-limits');
  limits.textContent = `${parts.join(' · ')}${t.currency ? ` ${t.currency}` : ''}`;
  limits.title = bets.join('\n');
  $('meta-dealer').textContent = t.dealer || '–';
  // A player-banked table (baccarat à deux tableaux): who holds the bank
  // and its balance now.
  $('meta-bank-row').hidden = !t.bank;
  $('meta-bank').textContent = t.bank ? `${t.bank.banker} · ${t.bank.balance}${t.currency ? ` ${t.currency}` : ''}` : '';
}

async function refreshTableInfo(id) {
  state.infoAt = Date.now();
  let t = null;
  try {
    t = tableList(await getJSON('/tables')).find((x) => x.id === id) || null;
  } catch {
    t = null;
  }
  if (!t) {
    try {
      t = await getJSON(`/tables/${encodeURIComponent(id)}`);
    } catch {
      t = null;
    }
  }
  if (id !== state.table) return;
  if (t) {
    const i = state.tables.findIndex((x) => x.id === id);
    if (i >= 0) state.tables[i] = t;
  }
  renderTableMeta(t);
}

// ---------- token ----------

function readToken() {
  // #token=… in the URL is taken once and removed, so the token does not
  // stay in the address bar, the history or a screenshot of the page.
  const h = new URLSearchParams(location.hash.slice(1));
  const t = h.get('token');
  if (t) {
    localStorage.setItem(TOKEN_KEY, t);
    const u = new URL(location.href);
    u.hash = '';
    history.replaceState(null, '', u);
  }
  state.token = localStorage.getItem(TOKEN_KEY) || '';
}

function showTableForm(show) {
  $('table-form').hidden = !show;
  if (show) $('table-input').focus();
}

function showTokenForm(show) {
  $('token-form').hidden = !show;
  $('token-open').setAttribute('aria-expanded', String(show));
  if (show) $('token-input').focus();
}

function setToken(t) {
  if (t) localStorage.setItem(TOKEN_KEY, t);
  else localStorage.removeItem(TOKEN_KEY);
  state.token = t;
  showTokenForm(false);
  notice('');
  const table = state.table;
  state.table = '';
  if (table && state.tables.length > 0) selectTable(table);
  else loadTables();
}

// ---------- layout ----------

// The wall layout (large type, everything on one 1920×1080 screen) is
// chosen by ?wall=1, refused by ?wall=0, and otherwise used on any screen
// at least 1600×860.
function setupWall() {
  const p = new URLSearchParams(location.search).get('wall');
  state.wallForced = p === '1' ? true : p === '0' ? false : null;
  const mq = window.matchMedia('(min-width: 1600px) and (min-height: 860px)');
  const apply = () => {
    const wall = state.wallForced ?? mq.matches;
    document.documentElement.classList.toggle('wall', wall);
    if (state.board) render(state.board);
  };
  mq.addEventListener('change', apply);
  apply();
}

// ---------- the progressive pool ----------

// ?pool=<id> shows the pool's amount (its main pool, the balance players
// can win) and its last winners beside the board, and the chosen table's
// last 50 prizes (GET /v1/pools/{pool}, /v1/pools/{pool}/tables/{table}/prizes),
// read again every POOL_POLL_MS (the live stream is
// /v1/pools/{pool}/stream for a table display).
const POOL_POLL_MS = 5000;
const POOL_ID = /^[A-Za-z0-9_-]{1,64}$/;

function prizeItem(p) {
  const amount = String(p.amount).replace(/^-/, '');
  const who = String(p.other || '').replace(/^wallet:/, '');
  return el('li', {}, `${amount} · ${who} · ${p.table || ''} · ${timeOf(p.at)}`);
}

async function refreshPool(pool) {
  try {
    const v = await getJSON(`/pools/${encodeURIComponent(pool)}`);
    $('pool-main').textContent = String(v.main);
    $('pool-currency').textContent = v.currency || '';
    $('pool-winners').replaceChildren(...(v.last_winners || []).slice(0, 10).map(prizeItem));
    if (state.table) {
      const ps = await getJSON(`/pools/${encodeURIComponent(pool)}/tables/${encodeURIComponent(state.table)}/prizes`);
      $('pool-table-prizes').replaceChildren(...ps.map(prizeItem));
    }
    $('pool').hidden = false;
  } catch (e) {
    console.warn('wagerlog: pool', e);
  }
}

function setupPool() {
  const pool = new URLSearchParams(location.search).get('pool');
  if (!pool || !POOL_ID.test(pool)) return;
  $('pool-id').textContent = pool;
  refreshPool(pool);
  setInterval(() => refreshPool(pool), POOL_POLL_MS);
}

function setup() {
  setupWall();
  setupPool();
  render(emptyBoard(''));
  readToken();
  $('table').addEventListener('change', (e) => selectTable(e.target.value));
  $('token-open').addEventListener('click', () => showTokenForm($('token-form').hidden));
  $('token-form').addEventListener('submit', (e) => {
    e.preventDefault();
    setToken($('token-input').value.trim());
    $('token-input').value = '';
  });
  $('token-clear').addEventListener('click', () => setToken(''));
  $('table-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const id = $('table-input').value.trim();
    if (!id) return;
    showTableForm(false);
    notice('');
    const u = new URL(location.href);
    u.searchParams.set('table', id);
    history.replaceState(null, '', u);
    loadTables();
  });
  let pending = 0;
  new ResizeObserver(() => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => state.board && !isRoulette(state.board) && !isBaccarat(state.board) && renderChart(state.board));
  }).observe($('chart'));
  window.addEventListener('online', () => state.table && follow(state.table));
  loadTables();
}

setup();
