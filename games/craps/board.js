// The craps board of the wagerlog dashboard: this game's module, embedded
// in its game package and served at boards/craps.js. The dashboard mounts
// markup (this board's panels, each with its data-panel) in a <main> of
// the classes below and calls render with every board of a table that
// plays the game (docs/DASHBOARD.md, "Board modules").

import { $, el, srOnly, dice, timeOf, maxResults, freshSeqs, chips, renderBars } from '../kit.js';

export const classes = 'craps';

// stylesheet: this board has its own styles, boards/craps.css (board.css
// beside this module in its game package).
export const stylesheet = true;

export const markup = `
  <section data-panel="craps-c-latest" class="panel c-latest" aria-labelledby="c-latest-h">
    <h2 id="c-latest-h">Last roll <span id="c-latest-round" class="muted"></span></h2>
    <div id="c-latest" class="latest-body"><p class="empty">Waiting for the first roll…</p></div>
  </section>

  <section data-panel="craps-c-hand" class="panel c-hand" aria-labelledby="c-hand-h">
    <h2 id="c-hand-h">Shooter and point</h2>
    <dl class="c-facts">
      <div><dt>Point</dt><dd id="c-point" class="c-point">OFF</dd></div>
      <div><dt>Shooter</dt><dd id="c-shooter">–</dd></div>
      <div><dt>Points made</dt><dd id="c-made">0</dd></div>
      <div><dt>Seven-outs</dt><dd id="c-outs">0</dd></div>
    </dl>
    <p class="muted c-over">over the last <span id="c-rolls-n">0</span> rolls</p>
  </section>

  <section data-panel="craps-c-totals" class="panel c-totals" aria-labelledby="c-totals-h">
    <h2 id="c-totals-h">Totals <span class="muted">times rolled</span></h2>
    <ol id="c-totals" class="c-total-list"></ol>
    <div class="hotcold">
      <p><span class="hc-hot hc-label">HOT</span> <span id="c-hot" class="chips"></span></p>
      <p><span class="hc-cold hc-label">COLD</span> <span id="c-cold" class="chips"></span></p>
    </div>
  </section>

  <section data-panel="craps-c-history" class="panel c-history" aria-labelledby="c-results-h">
    <h2 id="c-results-h" tabindex="-1">Last <span id="c-last-n">0</span> rolls <span class="muted">newest first</span></h2>
    <ol id="c-results" class="c-strip"></ol>
  </section>
`;

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
  renderBars($('c-totals'), (s.totals || []).map((t) => ({
    label: String(t.total), sr: `Total ${t.total}: `, count: t.count, share: t,
    cls: `c-total${hot.has(t.total) ? ' is-hot' : cold.has(t.total) ? ' is-cold' : ''}`,
  })));
  const chips = (ts) => (ts.length ? ts.map((t) => el('span', { class: 'c-chip', text: String(t) })) : [el('span', { class: 'muted', text: '–' })]);
  $('c-hot').replaceChildren(...chips(s.hot || []));
  $('c-cold').replaceChildren(...chips(s.cold || []));
  const maxItems = maxResults();
  const freshRoll = b.results[0] && fresh.has(b.results[0].seq);
  const items = last.slice(0, maxItems).map((r, i) => el('li', { class: `c-roll c-roll-${r.event}${i === 0 && freshRoll ? ' is-fresh' : ''}` },
    srOnly(describeRoll(r)),
    el('span', { 'aria-hidden': 'true' }, dice(r.dice, 'die-sm')),
    el('span', { class: 'c-roll-total', 'aria-hidden': 'true', text: String(r.total) }),
    el('span', { 'aria-hidden': 'true' }, rollEvent(r))));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No rolls yet.' }));
  $('c-results').replaceChildren(...items);
}


export function render(b, prev) {
  // A craps hand has a row per roll: a roll is new by its sequence.
  const fresh = freshSeqs(b, prev);
  renderCraps(b, fresh);
  const l = (b.stats.last || [])[(b.stats.last || []).length - 1];
  return l && b.results[0] && fresh.has(b.results[0].seq) ? `New roll. ${describeRoll(l)}` : '';
}
