// The vdl play page. It knows no particular variant: the board is drawn from
// the variant's description (cells with coordinates, the layout of rows and
// blocks, which axes wrap) and every move comes from the server's list of
// legal moves. The JSON API is documented in docs/web.md.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const S = 60;          // cell size
const MARGIN = 16;
const LABEL = 26;      // room for block labels above the blocks
// The hands (games with pieces in hand): a strip above and below the board.
const HAND_LABEL = 20; // the strip's title line
const HAND_SLOT_W = S * 0.95;
const HAND_SLOT_H = S * 0.9;
const HAND_PAD = 6;
const HAND_GAP = 8;    // between a strip and the board

const $ = (id) => document.getElementById(id);

const app = {
  variants: [],
  variantId: null,
  desc: null,          // the variant's description
  geometry: null,      // cell shapes, computed once per variant
  game: null,          // the game state from the server
  selected: null,      // the selected cell index
  selectedHand: null,  // or the symbol of the selected piece in hand
  flipped: false,
  thinking: false,
  busy: false,         // a request that changes the game is under way
  token: 0,            // changes on new game / undo: stale answers are dropped
  lastSearch: null,
};

// ---- the API --------------------------------------------------------------

class ApiError extends Error {
  constructor(message, status) { super(message); this.status = status; }
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch('/api/' + path, init);
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new ApiError(`bad answer from the server (${response.status})`, response.status);
  }
  if (!data.ok) throw new ApiError(data.error || 'request failed', response.status);
  return data;
}

function showError(message) {
  const el = $('error');
  el.textContent = message;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { el.textContent = ''; }, 6000);
}

// ---- geometry ---------------------------------------------------------------

// Splits the layout rows into blocks: "/" separates rows of one block, any
// other separator ("|") starts a new block (a level of a 3D board).
function blocksOf(layout) {
  const blocks = [[layout.rows[0]]];
  for (let i = 1; i < layout.rows.length; i++) {
    if (layout.separators[i - 1] === '/') blocks[blocks.length - 1].push(layout.rows[i]);
    else blocks.push([layout.rows[i]]);
  }
  return blocks;
}

// The shape of every cell: a square for grid blocks, an annular sector for a
// block along a wrapped axis (the wrapped axis goes round, the other one
// outwards). Blocks stand side by side. In a game with hands, a strip above
// and one below the board hold the pieces in hand, with room for every type
// that can be held (`handRows` asks for more rows).
function computeGeometry(desc, handRows = 0) {
  const cells = desc.cells;
  const axes = desc.axes;
  const blocks = blocksOf(desc.layout);
  const shapes = new Array(cells.length);
  const labels = [];
  const top = MARGIN + (blocks.length > 1 ? LABEL : 0);
  let x0 = MARGIN;
  let height = 0;
  blocks.forEach((rows, b) => {
    const members = rows.flat();
    const varying = axes.map((_, a) => a).filter((a) => new Set(members.map((c) => cells[c].coords[a])).size > 1);
    const wrap = varying.find((a) => axes[a].wrap);
    let width, blockHeight;
    if (wrap !== undefined) {
      const n = axes[wrap].size;
      const radial = varying.find((a) => a !== wrap);
      const rc = (c) => (radial === undefined ? 0 : cells[c].coords[radial]);
      const values = members.map(rc);
      const min = Math.min(...values), max = Math.max(...values);
      const rings = max - min + 1;
      // The first layout row is the outermost ring.
      const outerIsMax = rc(rows[0][0]) === max && max !== min;
      const inner = Math.max(S * 1.2, (n * S) / (2 * Math.PI));
      const outer = inner + rings * S;
      const cx = x0 + outer, cy = top + outer;
      for (const c of members) {
        const k = outerIsMax ? max - rc(c) : rc(c) - min; // 0: outermost
        const a = cells[c].coords[wrap];
        const a0 = -Math.PI / 2 + (a / n) * 2 * Math.PI - Math.PI / n;
        const a1 = a0 + (2 * Math.PI) / n;
        const r1 = outer - k * S, r0 = r1 - S;
        shapes[c] = { kind: 'sector', cx, cy, r0, r1, a0, a1, parity: (a + k) % 2 };
      }
      width = 2 * outer;
      blockHeight = 2 * outer;
    } else {
      const cols = Math.max(...rows.map((r) => r.length));
      rows.forEach((row, r) => {
        const shift = ((cols - row.length) * S) / 2; // centre short rows
        row.forEach((c, i) => {
          shapes[c] = { kind: 'rect', x: x0 + shift + i * S, y: top + r * S, w: S, h: S, parity: (i + r) % 2 };
        });
      });
      width = cols * S;
      blockHeight = rows.length * S;
    }
    if (blocks.length > 1) labels.push({ x: x0 + width / 2, y: MARGIN + LABEL / 2, text: blockLabel(desc, members, blocks.length, b) });
    height = Math.max(height, blockHeight);
    x0 += width + (b + 1 < blocks.length ? S * 0.6 : 0);
  });
  const width = x0 + MARGIN;
  const boardHeight = top + height + MARGIN;
  if (!desc.hand_pieces) return { shapes, labels, width, height: boardHeight, hands: null };
  // Royal types are listed (captured_as covers them) but are never held.
  const royal = new Set(desc.pieces.filter((p) => p.royal).map((p) => p.symbol));
  const reserved = desc.hand_pieces.filter((symbol) => !royal.has(symbol)).length;
  const inner = width - 2 * MARGIN;
  const perRow = Math.max(1, Math.floor((inner - 2 * HAND_PAD) / HAND_SLOT_W));
  const rows = Math.max(1, handRows, Math.ceil(reserved / perRow));
  const stripHeight = HAND_LABEL + rows * HAND_SLOT_H + HAND_PAD;
  const dy = stripHeight + HAND_GAP;
  for (const shape of shapes) {
    if (!shape) continue;
    if (shape.kind === 'rect') shape.y += dy;
    else shape.cy += dy;
  }
  for (const label of labels) label.y += dy;
  const total = boardHeight + 2 * dy;
  const strip = (y) => ({ x: MARGIN, y, w: inner, h: stripHeight });
  return {
    shapes, labels, width, height: total,
    // Top and bottom strips: symmetric, so that flipping maps the board onto itself.
    hands: { strips: [strip(MARGIN), strip(total - MARGIN - stripHeight)], perRow, rows },
  };
}

// A block's name: the axis that is constant in it and differs between blocks.
function blockLabel(desc, members, count, index) {
  const cells = desc.cells;
  for (let a = 0; a < desc.axes.length; a++) {
    const values = new Set(members.map((c) => cells[c].coords[a]));
    if (values.size === 1 && desc.axes[a].size === count) {
      return `${desc.axes[a].name} ${[...values][0] + 1}`;
    }
  }
  return `block ${index + 1}`;
}

// Flipping turns the picture half round: points are mirrored through the
// centre, sectors turn by pi.
function flipPoint(x, y) {
  const g = app.geometry;
  return app.flipped ? [g.width - x, g.height - y] : [x, y];
}

function centerOf(shape) {
  if (shape.kind === 'rect') return flipPoint(shape.x + shape.w / 2, shape.y + shape.h / 2);
  const a = (shape.a0 + shape.a1) / 2, r = (shape.r0 + shape.r1) / 2;
  return flipPoint(shape.cx + r * Math.cos(a), shape.cy + r * Math.sin(a));
}

function shapeElement(shape) {
  if (shape.kind === 'rect') {
    const [x, y] = flipPoint(shape.x + (app.flipped ? shape.w : 0), shape.y + (app.flipped ? shape.h : 0));
    return el('rect', { x, y, width: shape.w, height: shape.h });
  }
  const [cx, cy] = flipPoint(shape.cx, shape.cy);
  const turn = app.flipped ? Math.PI : 0;
  const a0 = shape.a0 + turn, a1 = shape.a1 + turn;
  const p = (r, a) => `${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const d = `M ${p(shape.r1, a0)} A ${shape.r1} ${shape.r1} 0 ${large} 1 ${p(shape.r1, a1)} `
    + `L ${p(shape.r0, a1)} A ${shape.r0} ${shape.r0} 0 ${large} 0 ${p(shape.r0, a0)} Z`;
  return el('path', { d });
}

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// ---- drawing ------------------------------------------------------------------

function legalFrom(cell) {
  return app.game.legal.filter((m) => m.from === cell);
}

// The legal drops of a type: moves written `SYMBOL*CELL` (the symbol in
// upper case whichever side drops).
function dropsOf(symbol) {
  const upper = symbol.toUpperCase();
  return app.game.legal.filter((m) => {
    const star = m.move.indexOf('*');
    return star > 0 && m.move.slice(0, star).toUpperCase() === upper;
  });
}

// The moves the current selection (a cell or a piece in hand) makes to `cell`.
function movesTo(cell) {
  if (app.selectedHand !== null) return dropsOf(app.selectedHand).filter((m) => m.to === cell);
  if (app.selected !== null) return app.game.legal.filter((m) => m.from === app.selected && m.to === cell);
  return [];
}

// Can the user move for the side to move now?
function userToMove() {
  const game = app.game;
  return game && !game.result && !app.busy && !app.thinking && !computerSides()[game.side_index];
}

function render() {
  renderBoard();
  renderPanel();
}

function renderBoard() {
  const svg = $('board');
  const desc = app.desc;
  const game = app.game;
  const needed = handRowsNeeded();
  if (app.geometry.hands && needed > app.geometry.hands.rows) app.geometry = computeGeometry(desc, needed);
  const g = app.geometry;
  svg.setAttribute('viewBox', `0 0 ${g.width} ${g.height}`);
  svg.setAttribute('width', g.width);
  svg.setAttribute('height', g.height);
  svg.replaceChildren();
  svg.appendChild(el('rect', { x: 0, y: 0, width: g.width, height: g.height, rx: 8, fill: '#ead7b3' }));
  for (const label of g.labels) {
    const [x, y] = flipPoint(label.x, label.y);
    svg.appendChild(el('text', { x, y, class: 'block-label', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, label.text));
  }
  const cellLayer = el('g', { class: 'cells' });
  const marks = el('g', { class: 'marks' });
  const pieces = el('g', { class: 'pieces' });
  const targets = el('g', { class: 'targets' });
  svg.append(cellLayer, marks, pieces, targets);

  const last = game ? game.last : null;
  const selectedTargets = new Map();
  if (game && app.selected !== null) {
    for (const m of legalFrom(app.selected)) selectedTargets.set(m.to, (selectedTargets.get(m.to) || 0) + 1);
  }
  if (game && app.selectedHand !== null) {
    for (const m of dropsOf(app.selectedHand)) selectedTargets.set(m.to, (selectedTargets.get(m.to) || 0) + 1);
  }
  desc.cells.forEach((cell, i) => {
    const shape = g.shapes[i];
    if (!shape) return;
    const node = shapeElement(shape);
    node.setAttribute('class', `cell ${shape.parity ? 'cell-dark' : 'cell-light'}`);
    node.dataset.cell = cell.name;
    node.dataset.index = i;
    const title = el('title', {}, cell.name);
    node.appendChild(title);
    cellLayer.appendChild(node);
    const [cx, cy] = centerOf(shape);
    cellLayer.appendChild(nameLabel(shape, cx, cy, cell.name));

    const highlight = (cls) => {
      const h = shapeElement(shape);
      h.setAttribute('class', cls);
      marks.appendChild(h);
    };
    if (last && (last.from === i || last.to === i)) highlight('highlight-last');
    if (app.selected === i) highlight('highlight-selected');

    const piece = game && game.board[i];
    if (piece) {
      if (piece.royal && game.in_check && piece.owner === game.side_index) highlight('highlight-check');
      const group = el('g', { class: `piece owner-${piece.owner}` });
      group.dataset.cell = cell.name;
      group.dataset.index = i;
      group.dataset.piece = piece.text;
      group.dataset.owner = piece.owner;
      group.appendChild(el('circle', { cx, cy, r: S * (shape.kind === 'rect' ? 0.38 : 0.33) }));
      const size = piece.symbol.length > 1 ? S * 0.3 : S * 0.42;
      group.appendChild(el('text', { x: cx, y: cy + 1, 'font-size': size }, piece.symbol));
      group.appendChild(el('title', {}, `${pieceName(piece)} on ${cell.name}`));
      pieces.appendChild(group);
    }
    if (selectedTargets.has(i)) {
      const t = el('g', { class: 'target' });
      t.dataset.cell = cell.name;
      t.dataset.index = i;
      if (piece) t.appendChild(el('circle', { class: 'ring', cx, cy, r: S * 0.44 }));
      else t.appendChild(el('circle', { class: 'dot', cx, cy, r: S * 0.13 }));
      // An invisible disc makes the whole target easy to click.
      t.appendChild(el('circle', { cx, cy, r: S * 0.45, fill: 'transparent' }));
      targets.appendChild(t);
    }
  });
  if (g.hands && game && game.hands) svg.appendChild(renderHands(g.hands, game));
}

// Rows a strip needs for the hands now (more types held than reserved for).
function handRowsNeeded() {
  const g = app.geometry;
  if (!g.hands || !app.game || !app.game.hands) return 0;
  return Math.max(0, ...app.game.hands.map((held) => Math.ceil(held.length / g.hands.perRow)));
}

// The pieces in hand: the player at the bottom of the board in the bottom
// strip, the other one in the top strip. Each type held is a disc with its
// symbol and a badge with the count; the side to move's pieces that can be
// dropped are clickable.
function renderHands(layout, game) {
  const layer = el('g', { class: 'hands' });
  const players = app.desc.players.length;
  const bottom = app.flipped && players > 1 ? 1 : 0;
  const order = [players > 1 ? 1 - bottom : null, bottom];
  order.forEach((player, i) => {
    if (player === null) return;
    const strip = layout.strips[i];
    const held = game.hands[player] || [];
    const toMove = !game.result && game.side_index === player;
    const group = el('g', { class: `hand hand-${i === 0 ? 'top' : 'bottom'} owner-${player}${toMove ? ' to-move' : ''}` });
    group.dataset.owner = player;
    group.appendChild(el('rect', { class: 'hand-strip', x: strip.x, y: strip.y, width: strip.w, height: strip.h, rx: 6 }));
    const name = app.desc.players[player].name;
    group.appendChild(el('text', { class: 'hand-label', x: strip.x + HAND_PAD + 2, y: strip.y + HAND_LABEL * 0.7 },
      `${name} — in hand${toMove ? ' (to move)' : ''}`));
    if (held.length === 0) {
      group.appendChild(el('text', { class: 'hand-empty', x: strip.x + HAND_PAD + 4, y: strip.y + HAND_LABEL + HAND_SLOT_H / 2, 'dominant-baseline': 'central' }, 'none'));
    }
    held.forEach((piece, k) => {
      const col = k % layout.perRow, row = Math.floor(k / layout.perRow);
      const cx = strip.x + HAND_PAD + HAND_SLOT_W * (col + 0.5);
      const cy = strip.y + HAND_LABEL + HAND_SLOT_H * (row + 0.5);
      const droppable = toMove && userToMove() && dropsOf(piece.symbol).length > 0;
      const selected = app.selectedHand === piece.symbol && toMove;
      const item = el('g', { class: `hand-piece owner-${player}${droppable ? ' droppable' : ''}${selected ? ' selected' : ''}` });
      item.dataset.hand = piece.symbol;
      item.dataset.owner = player;
      item.dataset.count = piece.count;
      const r = S * 0.34;
      if (selected) item.appendChild(el('circle', { class: 'highlight-selected', cx, cy, r: r + 6 }));
      item.appendChild(el('circle', { class: 'disc', cx, cy, r }));
      const size = piece.symbol.length > 1 ? S * 0.28 : S * 0.38;
      item.appendChild(el('text', { class: 'symbol', x: cx, y: cy + 1, 'font-size': size }, piece.symbol));
      const bx = cx + r * 0.78, by = cy - r * 0.78;
      item.appendChild(el('circle', { class: 'badge', cx: bx, cy: by, r: 9 }));
      item.appendChild(el('text', { class: 'badge-text', x: bx, y: by + 0.5 }, String(piece.count)));
      const what = `${pieceName({ symbol: piece.symbol, owner: player })} in hand ×${piece.count}`;
      item.appendChild(el('title', {}, droppable ? `${what}: click, then a cell, to drop it` : what));
      group.appendChild(item);
    });
    layer.appendChild(group);
  });
  return layer;
}

// A cell's name: in the lower left corner of a square, by the outer edge of a
// sector (on the centre line, so that it clears the piece).
function nameLabel(shape, cx, cy, name) {
  if (shape.kind === 'rect') return el('text', { x: cx - S * 0.44, y: cy + S * 0.42, class: 'cell-name' }, name);
  const a = (shape.a0 + shape.a1) / 2 + (app.flipped ? Math.PI : 0);
  const [ox, oy] = flipPoint(shape.cx, shape.cy);
  const r = shape.r1 - 7;
  return el('text', {
    x: ox + r * Math.cos(a), y: oy + r * Math.sin(a), class: 'cell-name',
    'text-anchor': 'middle', 'dominant-baseline': 'central',
  }, name);
}

function pieceName(piece) {
  const type = app.desc.pieces.find((p) => p.symbol === piece.symbol);
  const player = app.desc.players[piece.owner];
  return `${player ? player.name : ''} ${type ? type.name : piece.symbol}`.trim();
}

function computerSides() {
  const value = $('computer').value;
  return app.desc.players.map((_, i) => value === 'both' || value === String(i));
}

function renderPanel() {
  const game = app.game;
  const desc = app.desc;
  $('title').textContent = desc.name;
  const status = $('status');
  status.replaceChildren();
  const result = $('result');
  if (game.result) {
    result.hidden = false;
    result.textContent = game.result.text;
    status.textContent = 'Game over';
  } else {
    result.hidden = true;
    result.textContent = '';
    status.append(`${game.side} to move`);
    if (game.in_check) {
      const check = document.createElement('span');
      check.className = 'check';
      check.textContent = ' — in check';
      status.append(check);
    }
    if (app.thinking) status.append(' — the computer is thinking…');
  }
  $('search').textContent = app.lastSearch ? `Computer: ${app.lastSearch.move} (${app.lastSearch.summary})` : '';
  const list = $('moves');
  list.replaceChildren();
  for (let i = 0; i < game.history.length; i += 2) {
    const li = document.createElement('li');
    for (let j = i; j < Math.min(i + 2, game.history.length); j++) {
      const span = document.createElement('span');
      span.className = 'move' + (j === game.history.length - 1 ? ' last' : '');
      span.dataset.ply = j + 1;
      span.textContent = game.history[j];
      li.appendChild(span);
    }
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
  $('fen').value = game.fen;
  $('undo').disabled = game.history.length === 0;
  updateState();
}

// The page's state for people and tests: busy (a request is under way),
// thinking (the computer), over, or ready.
function updateState() {
  const game = app.game;
  document.body.dataset.state = app.busy ? 'busy' : app.thinking ? 'thinking' : (game && game.result ? 'over' : 'ready');
}

function setBusy(busy) {
  app.busy = busy;
  updateState();
}

// ---- actions ------------------------------------------------------------------

function clearError() {
  clearTimeout(showError.timer);
  $('error').textContent = '';
}

function setGame(data) {
  app.game = data;
  app.selected = null;
  app.selectedHand = null;
  render();
}

async function loadVariant(id) {
  app.variantId = id;
  app.desc = await api('GET', `variants/${id}`);
  app.geometry = computeGeometry(app.desc);
  const select = $('computer');
  const previous = select.value;
  select.replaceChildren();
  const options = [['none', 'Nobody'], ...app.desc.players.map((p, i) => [String(i), p.name]), ['both', 'Both sides']];
  for (const [value, text] of options) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    select.appendChild(o);
  }
  select.value = options.some(([v]) => v === previous) ? previous : String(app.desc.players.length - 1);
  app.flipped = select.value === '0';
  history.replaceState(null, '', `#variant=${id}`);
  await newGame();
}

async function newGame(fen) {
  const token = ++app.token;
  app.thinking = false;
  app.lastSearch = null;
  const body = { variant: app.variantId };
  if (fen) body.fen = fen;
  setBusy(true);
  let data;
  try {
    data = await api('POST', 'games', body);
  } finally {
    setBusy(false);
  }
  if (token !== app.token) return;
  clearError();
  setGame(data);
  maybeComputer();
}

// Runs `change` (a request that returns the game after it) with the page
// busy; on failure shows the server's game as it is and the error. Then the
// computer moves if it is its turn.
async function changeGame(change) {
  setBusy(true);
  try {
    setGame(await change());
    clearError();
  } catch (e) {
    await refresh();
    showError(e.message);
  } finally {
    setBusy(false);
  }
  maybeComputer();
}

async function playMove(text) {
  if (app.busy || app.thinking || !app.game) return;
  await changeGame(() => api('POST', `games/${app.game.game}/move`, { move: text, ply: app.game.ply }));
}

async function refresh() {
  if (!app.game) return;
  try {
    setGame(await api('GET', `games/${app.game.game}`));
  } catch (e) {
    showError(e.message);
  }
}

async function undo() {
  if (app.busy || !app.game || app.game.history.length === 0) return;
  app.token++;
  app.thinking = false;
  await changeGame(async () => {
    let data = await api('POST', `games/${app.game.game}/undo`, { ply: app.game.ply });
    const sides = computerSides();
    // Take back the computer's answer too, so that it is the user's turn.
    if (sides[data.side_index] && !sides.every(Boolean) && data.history.length > 0) {
      data = await api('POST', `games/${data.game}/undo`, { ply: data.ply });
    }
    app.lastSearch = null;
    return data;
  });
}

async function maybeComputer() {
  const game = app.game;
  if (!game || game.result || app.thinking || app.busy) return;
  if (!computerSides()[game.side_index]) return;
  const token = app.token;
  app.thinking = true;
  renderPanel();
  const movetime = Math.max(50, Math.min(60000, Number($('movetime').value) || 1000));
  try {
    const data = await api('POST', `games/${game.game}/computer`, { movetime, ply: game.ply });
    if (token !== app.token) return;
    app.lastSearch = data.search;
    app.thinking = false;
    setGame(data);
  } catch (e) {
    if (token !== app.token) return;
    app.thinking = false;
    if (e.status !== 409) showError(e.message);
    await refresh();
    return;
  } finally {
    if (token === app.token) app.thinking = false;
  }
  // Computer against computer: a short pause between moves.
  setTimeout(maybeComputer, computerSides().every(Boolean) ? 300 : 0);
}

function chooseMove(moves, prompt = 'Several moves go there. Choose one:') {
  $('choice-prompt').textContent = prompt;
  const box = $('choice');
  const buttons = $('choice-buttons');
  buttons.replaceChildren();
  for (const m of moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = m.move;
    b.dataset.move = m.move;
    b.addEventListener('click', () => { box.hidden = true; playMove(m.move); });
    buttons.appendChild(b);
  }
  box.hidden = false;
}

function onBoardClick(event) {
  if (!app.game || app.busy || app.thinking || app.game.result) return;
  const hand = event.target.closest('[data-hand]');
  if (hand) return void onHandClick(hand.dataset.hand, Number(hand.dataset.owner));
  const target = event.target.closest('[data-index]');
  if (!target) return;
  const cell = Number(target.dataset.index);
  const moves = movesTo(cell);
  if (app.selected === cell && moves.length > 0) {
    // Moves that end where they start (a null move): asked, never played by accident.
    return void chooseMove(moves, moves.length > 1 ? 'Choose a move:' : 'Play this move?');
  }
  if (moves.length === 1) return void playMove(moves[0].move);
  if (moves.length > 1) return void chooseMove(moves);
  app.selected = app.selected !== cell && legalFrom(cell).length > 0 && userToMove() ? cell : null;
  app.selectedHand = null;
  renderBoard();
}

// A click on a piece in hand selects it (its drop targets are shown) when
// its owner is to move and can drop it; another click deselects it.
function onHandClick(symbol, owner) {
  const canDrop = owner === app.game.side_index && userToMove() && dropsOf(symbol).length > 0;
  app.selectedHand = canDrop && app.selectedHand !== symbol ? symbol : null;
  app.selected = null;
  renderBoard();
}

async function start() {
  $('board').addEventListener('click', onBoardClick);
  $('new').addEventListener('click', () => newGame().catch((e) => showError(e.message)));
  $('undo').addEventListener('click', undo);
  $('flip').addEventListener('click', () => { app.flipped = !app.flipped; renderBoard(); });
  $('variant').addEventListener('change', (e) => loadVariant(Number(e.target.value)).catch((err) => showError(err.message)));
  $('computer').addEventListener('change', () => {
    app.flipped = $('computer').value === '0';
    render();
    maybeComputer();
  });
  $('choice-cancel').addEventListener('click', () => { $('choice').hidden = true; });
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('move-input');
    const text = input.value.trim();
    if (text) { input.value = ''; playMove(text); }
  });
  $('load-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('load-input').value.trim();
    if (text) newGame(text).catch((err) => showError(err.message));
  });

  const data = await api('GET', 'variants');
  app.variants = data.variants;
  $('movetime').value = data.movetime;
  const select = $('variant');
  for (const v of app.variants) {
    const o = document.createElement('option');
    o.value = v.id;
    o.textContent = `${v.name} (${v.file})`;
    select.appendChild(o);
  }
  const match = /variant=(\d+)/.exec(location.hash);
  const id = match && Number(match[1]) < app.variants.length ? Number(match[1]) : 0;
  select.value = id;
  await loadVariant(id);
}

start().catch((e) => showError(e.message));
