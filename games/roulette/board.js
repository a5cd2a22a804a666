// The roulette board of the wagerlog dashboard: this game's module, embedded
// in its game package and served at boards/roulette.js. The dashboard mounts
// markup (this board's panels, each with its data-panel) in a <main> of
// the classes below and calls render with every board of a table that
// plays the game (docs/DASHBOARD.md, "Board modules").

import { $, el, srOnly, timeOf, fmtPct, renderSplit, cap, maxResults, freshRounds, chips, renderBars } from '../kit.js';

export const classes = 'roulette';

// stylesheet: this board has its own styles, boards/roulette.css (board.css
// beside this module in its game package).
export const stylesheet = true;

export const markup = `
  <section data-panel="roulette-r-latest" class="panel r-latest" aria-labelledby="r-latest-h">
    <h2 id="r-latest-h">Last spin <span id="r-latest-round" class="muted"></span></h2>
    <div id="r-latest" class="latest-body"><p class="empty">Waiting for the first spin…</p></div>
  </section>

  <section data-panel="roulette-r-shares" class="panel r-shares" aria-labelledby="r-shares-h">
    <h2 id="r-shares-h">Last <span id="r-shares-n">0</span> spins</h2>
    <div class="split" id="r-split-colour"></div>
    <div class="split" id="r-split-parity"></div>
    <div class="split" id="r-split-half"></div>
    <dl class="triples r-green"><dt>Green (0<span id="r-has-00"></span>)</dt><dd id="r-green">–</dd></dl>
  </section>

  <section data-panel="roulette-r-groups" class="panel r-groups" aria-labelledby="r-groups-h">
    <h2 id="r-groups-h">Dozens and columns</h2>
    <div class="groups">
      <div><h3 class="group-h">Dozens</h3><ol id="r-dozens" class="group-list"></ol></div>
      <div><h3 class="group-h">Columns</h3><ol id="r-columns" class="group-list"></ol></div>
    </div>
    <div class="hotcold">
      <p><span class="hc-hot hc-label">HOT</span> <span id="r-hot" class="chips"></span></p>
      <p><span class="hc-cold hc-label">COLD</span> <span id="r-cold" class="chips"></span></p>
    </div>
  </section>

  <section data-panel="roulette-r-numbers" class="panel r-numbers" aria-labelledby="r-numbers-h">
    <h2 id="r-numbers-h">Every number <span class="muted">times it came</span></h2>
    <div id="r-numbers" class="num-grid"></div>
  </section>

  <section data-panel="roulette-r-history" class="panel r-history" aria-labelledby="r-results-h">
    <h2 id="r-results-h" tabindex="-1">Last pockets <span class="muted">newest first</span></h2>
    <ol id="r-results" class="strip"></ol>
  </section>
`;

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
  renderBars(list, groups.map((g) => ({ label: String(g.group), sr: `${name} ${g.group}: `, count: g.count, share: g })));
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
  const max = maxResults();
  const items = b.results.slice(0, max).map((r) => el('li', { class: `spin${fresh.has(r.round) ? ' is-fresh' : ''}` },
    srOnly(describeSpin(r)),
    el('span', { 'aria-hidden': 'true' }, pocket(r.pocket, r.colour)),
    el('span', { class: 'result-no', 'aria-hidden': 'true', text: `#${r.number}${r.corrected ? ' ✎' : ''}` })));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No spins yet.' }));
  $('r-results').replaceChildren(...items);
}


export function render(b, prev) {
  const fresh = freshRounds(b, prev);
  renderRouletteLatest(b);
  renderRouletteShares(b);
  renderRouletteGroups(b);
  renderRouletteNumbers(b);
  renderRouletteResults(b, fresh);
  const r = b.results[0];
  return r && fresh.has(r.round) ? `New result. ${describeSpin(r)}` : '';
}
