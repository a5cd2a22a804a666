// The War board of the wagerlog dashboard: this game's module, embedded
// in its game package and served at boards/war.js. The dashboard mounts
// markup (this board's panels, each with its data-panel) in a <main> of
// the classes below and calls render with every board of a table that
// plays the game (docs/DASHBOARD.md, "Board modules").

import { $, el, srOnly, card, maxResults, freshRounds, countPct, fact } from '../kit.js';

export const classes = 'cards is-war';

// stylesheet: this board has its own styles, boards/war.css (board.css
// beside this module in its game package).
export const stylesheet = true;

export const markup = `
  <section data-panel="war-k-latest" class="panel k-latest" aria-labelledby="k-latest-h">
    <h2 id="k-latest-h">Last round <span id="k-latest-round" class="muted"></span></h2>
    <div id="k-latest" class="latest-body"><p class="empty">Waiting for the first round…</p></div>
  </section>

  <section data-panel="war-k-facts" class="panel k-facts" aria-labelledby="k-facts-h">
    <h2 id="k-facts-h">Last <span id="k-rounds-n">0</span> rounds</h2>
    <dl id="k-facts" class="c-facts"></dl>
  </section>

  <section data-panel="war-k-history" class="panel k-history" aria-labelledby="k-history-h">
    <h2 id="k-history-h" tabindex="-1">Rounds <span class="muted">newest first</span></h2>
    <ol id="k-history" class="k-strip"></ol>
  </section>
`;

const RESULT = {
  player: 'player wins', dealer: 'dealer wins', surrender: 'tie, surrendered', war_player: 'war, player wins', war_dealer: 'war, dealer wins',
};

function describe(bd) {
  const pairs = (bd.pairs || []).map((p) => `seat ${p.seat} ${p.player} against ${p.dealer}: ${RESULT[p.result] || p.result}`);
  return `Round ${bd.number}: ${pairs.join('; ')}.`;
}

function beadBody(bd) {
  return (bd.pairs || []).map((p) => el('span', { class: 'k-pair' },
    el('span', { class: 'muted', text: ` ${p.seat}: ` }), card(p.player), card(p.dealer),
    ...(p.war || []).map(card),
    el('span', { class: `k-result k-result-${p.result}`, text: RESULT[p.result] || p.result })));
}

// render draws the last round (each seat's card against the dealer's,
// ties, wars), the shares of the last rounds and the rounds, newest first.
export function render(b, prev) {
  const s = b.stats;
  const fresh = freshRounds(b, prev);
  const beads = (s.beads || []).slice().reverse(); // newest first
  const last = beads[0];
  if (!last) {
    $('k-latest').replaceChildren(el('p', { class: 'empty', text: 'Waiting for the first round…' }));
    $('k-latest-round').textContent = '';
  } else {
    $('k-latest-round').textContent = `· round ${last.number}`;
    $('k-latest').replaceChildren(el('div', { class: 'k-round' }, srOnly(describe(last)), el('span', { 'aria-hidden': 'true' }, ...beadBody(last))));
  }
  $('k-rounds-n').textContent = String(s.rounds || 0);
  $('k-facts').replaceChildren(fact('Player wins', countPct(s.player)), fact('Dealer wins', countPct(s.dealer)), fact('Ties', countPct(s.ties)),
    fact('Wars', `${countPct(s.wars)} · won ${s.wars_won || 0}`), fact('Surrenders', countPct(s.surrenders)), fact('Hands', String(s.hands || 0)));
  const items = beads.slice(0, maxResults()).map((bd) => el('li', { class: `k-round${fresh.has(bd.round) ? ' is-fresh' : ''}` },
    srOnly(describe(bd)),
    el('span', { 'aria-hidden': 'true' }, el('span', { class: 'k-round-no', text: String(bd.number) }), ...beadBody(bd))));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No rounds yet.' }));
  $('k-history').replaceChildren(...items);
  const known = new Set(((prev && prev.stats.beads) || []).map((x) => x.round));
  return prev && last && !known.has(last.round) ? `New round. ${describe(last)}` : '';
}
