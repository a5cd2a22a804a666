// The Caribbean poker board of the wagerlog dashboard: this game's module,
// embedded in its game package and served at boards/poker.js. The
// dashboard mounts markup (this board's panels, each with its data-panel)
// in a <main> of the classes below and calls render with every board of a
// table that plays the game (docs/DASHBOARD.md, "Board modules"). The rows
// come from the game's BoardRow (games/poker/board.go): the dealer's hand
// and whether it qualifies, each seat's hand, fold and outcome.

import { $, el, srOnly, timeOf, card, maxResults, freshRounds, countPct, fact, renderBars, words } from '../kit.js';

export const classes = 'deals';

export const markup = `
  <section data-panel="poker-latest" class="panel p-latest" aria-labelledby="p-latest-h">
    <h2 id="p-latest-h">Last deal <span id="p-latest-round" class="muted"></span></h2>
    <div id="p-latest" class="p-deal"><p class="empty">Waiting for the first deal…</p></div>
  </section>

  <section data-panel="poker-stats" class="panel p-stats" aria-labelledby="p-stats-h">
    <h2 id="p-stats-h">Last <span id="p-hands-n">0</span> hands</h2>
    <dl id="p-facts" class="c-facts"></dl>
    <h3 class="group-h">Players' hands</h3>
    <ol id="p-hands" class="group-list"></ol>
  </section>

  <section data-panel="poker-history" class="panel p-history" aria-labelledby="p-history-h">
    <h2 id="p-history-h" tabindex="-1">Deals <span class="muted">newest first · the dealer's hand, then each seat's</span></h2>
    <ol id="p-history" class="p-strip"></ol>
  </section>`;

// Hand categories as the game names them, best last.
const HANDS = ['high_card', 'pair', 'two_pair', 'three_of_a_kind', 'straight', 'flush', 'full_house', 'four_of_a_kind', 'straight_flush', 'royal_flush'];

const OUTCOME = {
  folded: 'folded',
  dealer_not_qualified: 'dealer does not qualify: ante paid',
  player_wins: 'wins',
  tie: 'tie',
  dealer_wins: 'dealer wins',
};

// The hands' outcomes as the figures name them.
const OUTCOME_FACT = {
  player_wins: 'Player wins', dealer_wins: 'Dealer wins', dealer_not_qualified: 'Dealer not qualified', tie: 'Ties', folded: 'Folds',
};

const handName = words;

function isDeal(r) {
  return Boolean(r && r.dealer && Array.isArray(r.dealer.cards) && Array.isArray(r.seats));
}

function describe(r) {
  if (!isDeal(r)) return `Round ${r.number}.`;
  const parts = [`Round ${r.number}: the dealer has ${handName(r.dealer.hand)}${r.dealer.qualifies ? '' : ', not qualifying'}`];
  for (const s of r.seats) {
    parts.push(`seat ${s.seat} ${handName(s.hand)}, ${s.fold ? 'folded' : `called, ${OUTCOME[s.outcome] || s.outcome}`}`);
  }
  if (r.corrected) parts.push('corrected result');
  return parts.join('; ') + '.';
}

function hand(cards) {
  return el('span', { class: 'p-cards' }, ...(cards || []).map(card));
}

// seatRow is one seat of a deal: its cards, hand, and called or folded
// with how the round ended for it.
function seatRow(s) {
  return el('li', { class: `p-seat p-${s.fold ? 'fold' : 'call'} p-out-${s.outcome}` },
    el('span', { class: 'p-who', text: `Seat ${s.seat}` }),
    hand(s.cards),
    el('span', { class: 'p-hand', text: handName(s.hand) }),
    el('span', { class: `p-act ${s.fold ? 'is-fold' : 'is-call'}`, text: s.fold ? 'fold' : 'call' }),
    s.fold ? '' : el('span', { class: 'p-outcome', text: OUTCOME[s.outcome] || s.outcome }));
}

function renderLatest(b) {
  const r = b.results[0];
  if (!isDeal(r)) {
    $('p-latest').replaceChildren(el('p', { class: 'empty', text: 'Waiting for the first deal…' }));
    $('p-latest-round').textContent = '';
    return;
  }
  $('p-latest-round').textContent = `· round ${r.number}`;
  $('p-latest').replaceChildren(
    srOnly(describe(r)),
    el('div', { class: 'p-dealer', 'aria-hidden': 'true' },
      el('span', { class: 'p-who', text: 'Dealer' }), hand(r.dealer.cards),
      el('span', { class: 'p-hand', text: handName(r.dealer.hand) }),
      el('span', { class: `p-qual ${r.dealer.qualifies ? 'is-on' : ''}`, text: r.dealer.qualifies ? 'qualifies' : 'does not qualify' }),
      el('span', { class: 'latest-time', text: timeOf(r.at) }),
      r.corrected ? el('span', { class: 'corrected', text: 'corrected' }) : ''),
    el('ol', { class: 'p-seats', 'aria-hidden': 'true' }, ...r.seats.map(seatRow)));
}

function renderStats(b) {
  const s = b.stats || {};
  $('p-hands-n').textContent = String(s.rounds || 0);
  const o = s.outcomes || {};
  $('p-facts').replaceChildren(fact('Dealer qualifies', countPct(s.dealer_qualified)),
    ...Object.entries(OUTCOME_FACT).map(([k, name]) => fact(name, countPct(o[k]))));
  const hands = s.player_hands || {};
  renderBars($('p-hands'), HANDS.slice().reverse().filter((h) => hands[h] && hands[h].count)
    .map((h) => ({ label: handName(h), labelClass: 'p-hand', sr: `${handName(h)}: `, count: hands[h].count, share: hands[h] })));
}

function renderHistory(b, fresh) {
  const items = b.results.filter(isDeal).slice(0, maxResults()).map((r) => el('li', { class: `p-row${fresh.has(r.round) ? ' is-fresh' : ''}` },
    srOnly(describe(r)),
    el('span', { class: 'p-row-body', 'aria-hidden': 'true' },
      el('span', { class: 'result-no', text: `#${r.number}${r.corrected ? ' ✎' : ''}` }),
      el('span', { class: `p-row-dealer${r.dealer.qualifies ? '' : ' is-nq'}`, text: `D ${handName(r.dealer.hand)}` }),
      ...r.seats.map((s) => el('span', { class: `p-row-seat ${s.fold ? 'is-fold' : `p-out-${s.outcome}`}`, text: `${s.seat}: ${handName(s.hand)}${s.fold ? ' · fold' : ''}` })))));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No deals yet.' }));
  $('p-history').replaceChildren(...items);
}

// render draws the last deal (the dealer's and each seat's hand with its
// rank, folds, who called and how each ended), the figures of the last
// hands and the deals, newest first.
export function render(b, prev) {
  const fresh = freshRounds(b, prev);
  renderLatest(b);
  renderStats(b);
  renderHistory(b, fresh);
  const r = b.results[0];
  return r && fresh.has(r.round) ? `New deal. ${describe(r)}` : '';
}
