// The Sic Bo board of the wagerlog dashboard: this game's module, embedded
// in its game package and served at boards/sicbo.js. The dashboard mounts
// markup (this board's panels, each with its data-panel) in a <main> of
// the classes below and calls render with every board of a table that
// plays the game (docs/DASHBOARD.md, "Board modules").

import { $, el, svg, srOnly, die, dice, timeOf, pct, fmtPct, renderSplit, maxResults, freshRounds } from '../kit.js';

// Probability of each total 3..18 out of 216 throws of three dice, for the
// "expected" marks of the totals chart.
const TOTAL_WAYS = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];

export const classes = 'sicbo';

// stylesheet: this board has its own styles, boards/sicbo.css (board.css
// beside this module in its game package).
export const stylesheet = true;

export const markup = `
  <section data-panel="sicbo-latest" class="panel latest" aria-labelledby="latest-h">
    <h2 id="latest-h">Last result <span id="latest-round" class="muted"></span></h2>
    <div id="latest" class="latest-body"><p class="empty">Waiting for the first result…</p></div>
  </section>

  <section data-panel="sicbo-shares" class="panel shares" aria-labelledby="shares-h">
    <h2 id="shares-h">Last <span id="shares-n">0</span> rounds</h2>
    <div class="split" id="split-size"></div>
    <div class="split" id="split-parity"></div>
    <dl class="triples"><dt>Triples</dt><dd id="triples">–</dd></dl>
  </section>

  <section data-panel="sicbo-streaks" class="panel streaks" aria-labelledby="streaks-h">
    <h2 id="streaks-h">Streaks and gaps</h2>
    <dl class="streak-list">
      <div><dt>Big / small</dt><dd id="streak-size">–</dd></div>
      <div><dt>Odd / even</dt><dd id="streak-parity">–</dd></div>
      <div><dt>Last triple</dt><dd id="since-triple">–</dd></div>
    </dl>
    <h3 class="group-h">Rounds since each face</h3>
    <ol id="since-faces" class="gaps"></ol>
  </section>

  <section data-panel="sicbo-faces" class="panel faces" aria-labelledby="faces-h">
    <h2 id="faces-h">Hot and cold numbers</h2>
    <ol id="faces" class="face-list"></ol>
  </section>

  <section data-panel="sicbo-totals" class="panel totals" aria-labelledby="totals-h">
    <h2 id="totals-h">Totals <span class="legend"><span class="key key-small"></span>small <span class="key key-big"></span>big <span class="key key-triple"></span>triple <span class="key key-expected"></span>expected</span></h2>
    <div id="chart" class="chart"></div>
  </section>

  <section data-panel="sicbo-history" class="panel history" aria-labelledby="results-h">
    <h2 id="results-h" tabindex="-1">Results <span class="muted">newest first</span></h2>
    <ol id="results" class="results"></ol>
  </section>
`;

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
  const max = maxResults();
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

// render draws board b (prev: the board shown before, or null) and returns
// what to announce of a new result.
export function render(b, prev) {
  const fresh = freshRounds(b, prev);
  renderLatest(b);
  renderShares(b);
  renderStreaks(b);
  renderFaces(b);
  renderChart(b);
  renderResults(b, fresh);
  const r = b.results[0];
  return r && fresh.has(r.round) ? `New result. ${describe(r)}` : '';
}

// resize draws the chart again for its box's new size.
export function resize(b) {
  renderChart(b);
}
