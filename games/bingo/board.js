// The bingo board of the wagerlog dashboard: this game's module, embedded
// in its game package and served at boards/bingo.js. The dashboard mounts
// markup (this board's panels, each with its data-panel) in a <main> of
// the classes below and calls render with every board of a table that
// plays the game (docs/DASHBOARD.md, "Board modules").

import { $, el, srOnly, freshSeqs, WALL_RESULTS_MAX } from '../kit.js';

export const classes = 'bingo';

// stylesheet: this board has its own styles, boards/bingo.css (board.css
// beside this module in its game package).
export const stylesheet = true;

export const markup = `
  <section data-panel="bingo-g-latest" class="panel g-latest" aria-labelledby="g-latest-h">
    <h2 id="g-latest-h">Last ball <span id="g-latest-round" class="muted"></span></h2>
    <div id="g-latest" class="latest-body"><p class="empty">Waiting for the first ball…</p></div>
    <p class="muted g-count"><span id="g-count">0</span> balls drawn in this game</p>
    <div id="g-announce-box" class="g-announce-box" hidden>
      <p class="muted g-session"><span>Sales closed</span> <span id="g-session"></span></p>
      <p id="g-announce" class="g-announce" lang="es"></p>
    </div>
  </section>

  <section data-panel="bingo-g-panel" class="panel g-panel" aria-labelledby="g-panel-h">
    <h2 id="g-panel-h">The panel <span class="muted">1 to 90</span></h2>
    <div id="g-grid" class="g-grid" role="list"></div>
  </section>

  <section data-panel="bingo-g-order" class="panel g-order" aria-labelledby="g-order-h">
    <h2 id="g-order-h" tabindex="-1">This game's balls <span class="muted">in order</span></h2>
    <ol id="g-balls" class="g-strip"></ol>
  </section>

  <section data-panel="bingo-g-games" class="panel g-games" aria-labelledby="g-games-h">
    <h2 id="g-games-h">Last <span id="g-games-n">0</span> games <span class="muted">balls drawn</span></h2>
    <ol id="g-games" class="g-game-list"></ol>
    <div class="hotcold">
      <p><span class="hc-hot hc-label">HOT</span> <span id="g-hot" class="chips"></span></p>
      <p><span class="hc-cold hc-label">COLD</span> <span id="g-cold" class="chips"></span></p>
    </div>
  </section>
`;

function ball(n, cls = '') {
  return el('span', { class: `g-ball ${cls}`.trim(), text: String(n) });
}

function renderBingo(b, fresh, host) {
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
  renderBingoAnnouncement(b, host);
}

// renderBingoAnnouncement shows the hall's announcement of the game in
// progress (the cards sold by series, from number to number, and the line
// and bingo prizes, said aloud when sales close) and its session with the
// game's number in it. They are on the table (GET /v1/tables, which the
// public board may read; the round view may not be): the page reads the
// table again (host.refreshTable), once per game, when the game's first
// ball shows and the table it holds has no announcement of this game yet.
let asked = ''; // the game whose announcement the page last asked for

function renderBingoAnnouncement(b, host) {
  const cur = b.stats.current || {};
  const balls = Array.isArray(cur.balls) ? cur.balls : [];
  const t = host.table(b.table);
  const a = t && t.announcement && t.announcement.round === cur.round ? t.announcement : null;
  if (!a && cur.round && balls.length > 0 && b.seq > 0 && asked !== cur.round) {
    asked = cur.round;
    // As of the board shown (min_seq): the sales close came before the
    // ball. The dashboard draws the board again when the table comes.
    host.refreshTable(b.table, b.seq);
  }
  const se = a && a.session ? `session ${a.session} · game ${a.session_game}` : '';
  $('g-session').textContent = se;
  $('g-session').hidden = !se;
  $('g-announce').textContent = a ? a.text : '';
  $('g-announce-box').hidden = !a;
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

export function render(b, prev, host) {
  // A game has a row per ball: a ball is new by its sequence.
  const fresh = freshSeqs(b, prev);
  const isNew = Boolean(b.results[0] && fresh.has(b.results[0].seq));
  renderBingo(b, isNew, host);
  const balls = b.stats.current.balls || [];
  return isNew && balls.length > 0 ? `New ball: ${balls[balls.length - 1]}.` : '';
}
