// Plays `vdl serve`'s page in headless Chromium: a few moves of Xiang Qi by
// clicks (board, move list, undo, the computer, a checkmate), Shogi's pieces in
// hand (a capture fills the hand, a click on the hand then on a cell drops the
// piece), then every variant the server lists: a screenshot
// (target/browser/STEM.png), the board covering at least 70 % of its pane, no
// text under 10 px, the drawing style, glyphs and level names the file gives;
// Xiang Qi's river and palaces, Switchback Xiang Qi's fold; and one move by
// clicks in every variant.
//
// VDL_BIN: the vdl binary (default: target/release/vdl). Run through run.sh.

import { chromium } from 'playwright-core';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const vdl = process.env.VDL_BIN || path.join(root, 'target/release/vdl');
const shots = path.join(root, 'target/browser');
fs.mkdirSync(shots, { recursive: true });

let passed = 0;
let failed = 0;
const TIMEOUT = 15000;

function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}

async function step(name, body) {
  try {
    await body();
    passed++;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAILED - ${name}\n  ${String(e.stack || e).split('\n').join('\n  ')}`);
    throw e;
  }
}

// Starts `vdl serve --port 0` (the system picks a free port) and reads the URL
// it prints.
function startServer() {
  // Beside the bundled variants, the board-shape test files: a box with walls
  // and a hexagon.
  const shapes = ['walled.vdl', 'hexagon.vdl'].map((f) => path.join(root, 'tests/shapes', f));
  const child = spawn(vdl, ['serve', '--port', '0', '--movetime', '200', ...shapes], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`vdl serve printed no URL: ${out}`)), 20000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /http:\/\/[^\s]+/.exec(out);
      if (match) { clearTimeout(timer); resolve(match[0]); }
    });
    child.on('exit', (code) => reject(new Error(`vdl serve exited (${code}): ${out}`)));
  });
  return { child, url };
}

const server = startServer();
let context;
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vdl-chromium-'));
let page;

try {
  const url = await server.url;
  console.log(`# server at ${url}`);
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 900 },
  });
  page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const external = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(url) && !request.url().startsWith('data:')) external.push(request.url());
  });
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));

  const api = (p) => page.evaluate(async (p) => (await fetch('/api/' + p)).json(), p);
  const moveTexts = () => page.locator('#moves .move').allTextContents();
  const waitMoves = (n) => page.waitForFunction((n) => document.querySelectorAll('#moves .move').length === n, n);
  // The page says what it is doing in body[data-state]: busy, thinking,
  // ready or over. Each action waits until no request is under way.
  const settled = () => page.waitForFunction(() => ['ready', 'over'].includes(document.body.dataset.state));
  const pieceAt = (cell) => page.locator(`#board .piece[data-cell="${cell}"]`);
  const clickCell = async (cell) => { await settled(); await page.locator(`#board .cell[data-cell="${cell}"]`).click(); };
  const clickPiece = async (cell) => { await settled(); await pieceAt(cell).click(); };
  const clickTarget = async (cell) => { await settled(); await page.locator(`#board .target[data-cell="${cell}"]`).click(); };
  const click = async (selector) => { await settled(); await page.click(selector); };
  // Loads `fen` (`pieces` on the board), plays one move by clicks and returns
  // the result the page then shows.
  const resultAfter = async (fen, pieces, from, to) => {
    await page.fill('#load-input', fen);
    await click('#load-form button');
    await page.waitForFunction((n) => document.querySelectorAll('#board .piece').length === n, pieces);
    await clickPiece(from);
    await clickTarget(to);
    await waitMoves(1);
    await page.waitForFunction(() => !document.getElementById('result').hidden);
    return page.locator('#result').textContent();
  };
  const handPiece = (owner, symbol) => page.locator(`#board .hand-piece[data-owner="${owner}"][data-hand="${symbol}"]`);
  // What each hand shows: {owner: "B1 P2"}.
  const hands = () => page.locator('#board .hand').evaluateAll((hs) => Object.fromEntries(hs.map((h) => [h.dataset.owner,
    [...h.querySelectorAll('.hand-piece')].map((p) => p.dataset.hand + p.dataset.count).join(' ')])));
  const targetCells = () => page.locator('#board .target').evaluateAll((ts) => ts.map((t) => t.dataset.cell).sort());

  const variants = (await (await fetch(url + 'api/variants')).json()).variants;
  const xiangqi = variants.find((v) => v.file === 'xiangqi.vdl');
  const shogi = variants.find((v) => v.file === 'shogi.vdl');

  await step('the page loads with the variant list and a board', async () => {
    await page.goto(url);
    await page.locator('#board .cell').first().waitFor();
    const options = await page.locator('#variant option').count();
    check(options === variants.length, `${options} options for ${variants.length} variants`);
    check(xiangqi, 'Xiang Qi is listed');
  });

  await step('Xiang Qi: 90 points, 32 pieces, Chinese characters on discs', async () => {
    await page.selectOption('#variant', String(xiangqi.id));
    await page.selectOption('#computer', 'none');
    await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 90);
    await page.waitForFunction(() => document.querySelectorAll('#board .piece').length === 32);
    check(await pieceAt('h3').getAttribute('data-piece') === 'C', 'a Red Cannon on h3');
    check(await pieceAt('e10').getAttribute('data-piece') === 'k', 'the Black General on e10');
    check(await pieceAt('e10').locator('circle').count() === 1, 'a piece is a disc');
    check(await pieceAt('e10').locator('.glyph').textContent() === '將', 'the Black General is 將');
    check(await pieceAt('e1').locator('.glyph').textContent() === '帥', 'the Red General is 帥');
    check(await page.locator('#status').textContent() === 'Red to move', 'Red to move');
    await page.screenshot({ path: path.join(shots, 'xiangqi-start.png') });
  });

  await step('clicking a piece shows its legal targets', async () => {
    await clickPiece('h3');
    const targets = await page.locator('#board .target').evaluateAll((ts) => ts.map((t) => t.dataset.cell).sort());
    const state = await api('games/' + await page.evaluate(() => app.game.game));
    const expected = state.legal.filter((m) => m.move.startsWith('h3-')).map((m) => m.move.slice(3)).sort();
    check(JSON.stringify(targets) === JSON.stringify(expected), `targets ${targets} = ${expected}`);
    check(targets.includes('e3') && targets.includes('h10'), 'e3 and h10 (a capture) are targets');
    await page.screenshot({ path: path.join(shots, 'xiangqi-selected.png') });
  });

  await step('clicking targets plays moves for both sides', async () => {
    await clickTarget('e3');
    await waitMoves(1);
    check(await pieceAt('e3').getAttribute('data-piece') === 'C', 'the Cannon is on e3');
    check(await pieceAt('h3').count() === 0, 'h3 is empty');
    check(await page.locator('#status').textContent() === 'Black to move', 'Black to move');
    await clickPiece('h10');
    await clickTarget('g8');
    await waitMoves(2);
    await clickPiece('b1');
    await clickTarget('c3');
    await waitMoves(3);
    const moves = await moveTexts();
    // In SAN: the Cannon's file tells it from the one on b3, which could go to e3 too.
    check(JSON.stringify(moves) === JSON.stringify(['Che3', 'Ng8', 'Nc3']), `move list ${moves}`);
    const titles = await page.locator('#moves .move').evaluateAll((ms) => ms.map((m) => m.title));
    check(JSON.stringify(titles) === JSON.stringify(['h3-e3', 'h10-g8', 'b1-c3']), `vdl's move text on hovering: ${titles}`);
    const fen = await page.inputValue('#fen');
    const expected = execFileSync(vdl, ['show', path.join(root, 'variants/xiangqi.vdl'), '--moves', 'h3-e3 h10-g8 b1-c3'])
      .toString().trim().split('\n').filter((l) => l.includes('/')).pop();
    check(fen === expected.split(' ').slice(0, 2).join(' '), `position ${fen} = ${expected}`);
  });

  await step('a click on a cell that is no target changes nothing', async () => {
    await clickPiece('g8');                         // select the Black Horse
    await clickCell('e5');                          // not one of its targets
    await clickCell('a5');                          // an empty cell
    check((await moveTexts()).length === 3, 'still three moves');
    check(await page.locator('#board .target').count() === 0, 'nothing selected');
  });

  await step('a typed illegal move is refused and changes nothing', async () => {
    await page.fill('#move-input', 'a1-a9');
    await click('#move-form button');
    await page.waitForFunction(() => document.getElementById('error').textContent.includes('illegal'));
    await settled();
    check((await moveTexts()).length === 3, 'still three moves');
  });

  await step('undo takes back the last move', async () => {
    await click('#undo');
    await waitMoves(2);
    check(await pieceAt('b1').getAttribute('data-piece') === 'N', 'the Horse is back on b1');
    await page.screenshot({ path: path.join(shots, 'xiangqi-undo.png') });
  });

  await step('the computer answers as Black', async () => {
    await page.fill('#movetime', '200');
    await page.selectOption('#computer', '1');
    await clickPiece('b1');
    await clickTarget('c3');
    await waitMoves(4);
    await settled();
    check((await page.locator('#search').textContent()).startsWith('Computer:'), 'the search is shown');
    check(await page.locator('#status').textContent() === 'Red to move', 'Red to move again');
    await page.screenshot({ path: path.join(shots, 'xiangqi-computer.png') });
    // Undo takes back the computer's answer and the user's move.
    await click('#undo');
    await waitMoves(2);
  });

  await step('a mate by clicks ends the game with its result', async () => {
    await page.selectOption('#computer', 'none');
    const result = await resultAfter('4k4/R8/9/9/9/9/9/9/9/3K4R w', 4, 'i1', 'i10');
    check(result === 'Red wins by checkmate', `result: ${result}`);
    await page.screenshot({ path: path.join(shots, 'xiangqi-mate.png') });
  });

  await step('King of the Hill: a King that reaches the centre ends the game with its goal', async () => {
    const hill = variants.find((v) => v.file === 'king-of-the-hill.vdl');
    check(hill, 'King of the Hill is listed');
    await page.selectOption('#variant', String(hill.id));
    await page.selectOption('#computer', 'none');
    await page.waitForFunction((id) => app.game && app.game.variant === id && app.game.ply === 0, hill.id);
    const result = await resultAfter('8/8/2k5/8/8/8/4K3/8 b - - 0 1', 2, 'c6', 'd5');
    check(result === 'Black wins by reaching the goal', `result: ${result}`);
  });

  await step('Shogi: a capture puts the piece in hand; a click on it and on a cell drops it', async () => {
    check(shogi, 'Shogi is listed');
    await page.selectOption('#variant', String(shogi.id));
    await page.selectOption('#computer', 'none');
    await page.waitForFunction((id) => app.game && app.game.variant === id && app.game.ply === 0, shogi.id);
    await settled();
    check(await page.locator('#board .hand').count() === 2, 'a hand strip for each player');
    check(JSON.stringify(await hands()) === '{"0":"","1":""}', `empty hands: ${JSON.stringify(await hands())}`);
    // The c-Pawns trade on c5 (White's c-file is then free for a Pawn drop).
    for (const [from, to] of [['c3', 'c4'], ['c7', 'c6'], ['c4', 'c5'], ['c6', 'c5']]) {
      await clickPiece(from);
      await clickTarget(to);
    }
    await waitMoves(4);
    check(JSON.stringify(await hands()) === '{"0":"","1":"P1"}', `Black holds a Pawn: ${JSON.stringify(await hands())}`);
    // White's Bishop takes the g7 Pawn: it may promote there, so the dialog asks.
    await clickPiece('b2');
    await clickTarget('g7');
    await page.locator('#choice').waitFor({ state: 'visible' });
    // Offered as pieces, as the board draws them, the stronger (the Horse) first.
    check(await page.locator('#choice-prompt').textContent() === 'Promote to:', 'the dialog asks for a piece');
    const choices = await page.locator('#choice-buttons button').evaluateAll((bs) => bs.map((b) => `${b.dataset.move} ${b.dataset.piece}`));
    check(JSON.stringify(choices) === '["b2-g7=+B +B","b2-g7 B"]', `choices ${choices}`);
    const figures = await page.locator('#choice-buttons button .tile .glyph').allTextContents();
    check(JSON.stringify(figures) === '["馬","角"]', `the choices are tiles with the pieces' characters: ${figures}`);
    await page.screenshot({ path: path.join(shots, 'shogi-promotion-choice.png') });
    await page.click('#choice-buttons button[data-move="b2-g7"]');
    await waitMoves(5);
    await clickPiece('h8');                         // Black's Bishop takes White's
    await clickTarget('g7');
    await waitMoves(6);
    await settled();
    check(JSON.stringify(await hands()) === '{"0":"P1","1":"B1 P1"}', `hands after the captures: ${JSON.stringify(await hands())}`);
    check((await page.inputValue('#fen')).includes('[Pbp] w'), 'the position string has the same hands');
    // Black's pieces in hand are not Black's to drop now: a click selects nothing.
    await settled();
    await handPiece(1, 'B').click();
    check(await page.locator('#board .target').count() === 0, 'no targets for the side not to move');
    await settled();
    await handPiece(0, 'P').click();
    const targets = await targetCells();
    const legal = (await page.evaluate(() => app.game.legal)).filter((m) => m.move.startsWith('P*')).map((m) => m.move.slice(2)).sort();
    check(JSON.stringify(targets) === JSON.stringify(legal), `drop targets ${targets} = ${legal}`);
    check(JSON.stringify(targets) === '["c2","c3","c4","c6","c7","c8"]', `only the free file, below the last rank: ${targets}`);
    await page.screenshot({ path: path.join(shots, 'shogi-drop-targets.png') });
    await clickTarget('c4');
    await waitMoves(7);
    await settled();
    const moves = await moveTexts();
    check(moves[6] === 'P@c4', `the move list shows the drop in SAN: ${moves}`);
    check(await pieceAt('c4').getAttribute('data-piece') === 'P', 'a White Pawn on c4');
    check(JSON.stringify(await hands()) === '{"0":"","1":"B1 P1"}', `White's hand is empty: ${JSON.stringify(await hands())}`);
    check(await page.locator('#board .hand-bottom .hand-empty').textContent() === 'none', 'an empty hand says so');
    check(await page.locator('#board .highlight-last').count() === 1, 'the drop highlights its cell only');
    await page.screenshot({ path: path.join(shots, 'shogi-dropped.png') });
    await click('#undo');
    await waitMoves(6);
    await settled();
    check(JSON.stringify(await hands()) === '{"0":"P1","1":"B1 P1"}', 'undo puts the Pawn back in hand');
    // Counts, and the hands follow the board when it is flipped.
    await page.fill('#load-input', 'lnsgkgsnl/1r7/pp1pppbpp/9/2p6/9/PP1PPPPPP/7R1/LNSGKGSNL[RG2Pb3p] b');
    await click('#load-form button');
    await page.waitForFunction(() => app.game.ply === 0 && app.game.side_index === 1);
    check(JSON.stringify(await hands()) === '{"0":"R1 G1 P2","1":"B1 P3"}', `hands from a position string: ${JSON.stringify(await hands())}`);
    check(await page.locator('#board .hand-bottom').getAttribute('data-owner') === '0', 'White\'s hand at the bottom');
    await click('#flip');
    check(await page.locator('#board .hand-bottom').getAttribute('data-owner') === '1', 'flipped: Black\'s hand at the bottom');
    await page.screenshot({ path: path.join(shots, 'shogi-hands-flipped.png') });
    await click('#flip');
  });

  await step('moves of the text forms to come (a swap, a move that also promotes another piece) work by clicks', async () => {
    await click('#new');
    await page.waitForFunction(() => app.game.ply === 0 && app.game.side_index === 0);
    await settled();
    // Added on the page only: a King swapping with its Gold, and a second
    // move to i2 that also promotes the Bishop (as Taijitu Qi writes them).
    await page.evaluate(() => {
      const cell = (name) => app.desc.cells.findIndex((c) => c.name === name);
      app.game.legal.push({ move: 'e1-d1', from: cell('e1'), to: cell('d1') },
        { move: 'i1-i2,b2=+B', from: cell('i1'), to: cell('i2') });
    });
    await clickPiece('i1');
    await clickTarget('i2');
    await page.locator('#choice').waitFor({ state: 'visible' });
    const choices = await page.locator('#choice-buttons button').evaluateAll((bs) => bs.map((b) => b.dataset.move));
    check(JSON.stringify(choices) === '["i1-i2","i1-i2,b2=+B"]', `choices ${choices}`);
    await page.click('#choice-cancel');
    // The swap's target holds a friendly piece: a ring, and a click sends the move.
    let sent = null;
    await page.route('**/api/games/*/move', (route) => {
      sent = route.request().postDataJSON().move;
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"ok":false,"error":"intercepted by the test"}' });
    });
    await clickPiece('e1');
    check(await page.locator('#board .target[data-cell="d1"] .ring').count() === 1, 'a ring round the friendly Gold');
    await clickTarget('d1');
    await page.waitForFunction(() => document.getElementById('error').textContent.includes('intercepted'));
    await page.unroute('**/api/games/*/move');
    check(sent === 'e1-d1', `the page sent ${sent}`);
    await settled();
    check((await moveTexts()).length === 0, 'nothing was played');
  });

  await step('Chess: typed SAN and coordinate moves play; a promotion offers figurines, the Queen first', async () => {
    const chess = variants.find((v) => v.file === 'chess.vdl');
    await page.selectOption('#variant', String(chess.id));
    await page.selectOption('#computer', 'none');
    await page.waitForFunction((id) => app.game && app.game.variant === id && app.game.ply === 0, chess.id);
    for (const [typed, n] of [['e2e4', 1], ['e7-e5', 2], ['Nf3', 3], ['Nc6', 4], ['f1c4', 5], ['Nf6', 6], ['O-O', 7]]) {
      await settled();
      await page.fill('#move-input', typed);
      await click('#move-form button');
      await waitMoves(n);
    }
    await settled();
    const moves = await moveTexts();
    check(JSON.stringify(moves) === '["e4","e5","Nf3","Nc6","Bc4","Nf6","O-O"]', `typed moves, listed in SAN: ${moves}`);
    check((await page.locator('#moves .move').evaluateAll((ms) => ms.map((m) => m.title)))[6] === 'e1-g1', 'castling is e1-g1');
    // A Pawn on b7: four promotions, the strongest first by the computer's piece values.
    const desc = await api('variants/' + chess.id);
    await page.fill('#load-input', '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1');
    await click('#load-form button');
    await page.waitForFunction(() => document.querySelectorAll('#board .piece').length === 3);
    await clickPiece('b7');
    await clickTarget('b8');
    await page.locator('#choice').waitFor({ state: 'visible' });
    const offered = await page.locator('#choice-buttons button').evaluateAll((bs) => bs.map((b) => b.dataset.piece));
    const byValue = ['Q', 'R', 'B', 'N'].sort((a, b) => desc.values[b] - desc.values[a]);
    check(JSON.stringify(offered) === JSON.stringify(byValue), `offered ${offered}, by value ${byValue}`);
    check(JSON.stringify(offered.slice(0, 2)) === '["Q","R"]', `the Queen, then the Rook: ${offered}`);
    const figures = await page.locator('#choice-buttons button .disc-piece .glyph').allTextContents();
    const expected = offered.map((s) => desc.pieces.find((p) => p.symbol === s).glyphs[0]);
    check(JSON.stringify(figures) === JSON.stringify(expected), `White's figurines in discs: ${figures}`);
    const names = await page.locator('#choice-buttons button span').allTextContents();
    check(names[0] === 'Queen', `each named: ${names}`);
    await page.screenshot({ path: path.join(shots, 'chess-promotion-choice.png') });
    await page.locator('#choice-buttons button').first().click();
    await waitMoves(1);
    check(JSON.stringify(await moveTexts()) === '["b8=Q+"]', `the promotion in SAN: ${await moveTexts()}`);
    check(await pieceAt('b8').getAttribute('data-piece') === 'Q', 'a White Queen on b8');
  });

  await step('Chess960: a castling whose King stays put, played by clicking the King, then its Rook', async () => {
    const v960 = variants.find((v) => v.file === 'chess960.vdl');
    await page.selectOption('#variant', String(v960.id));
    await page.waitForFunction((id) => app.game && app.game.variant === id && app.game.ply === 0, v960.id);
    await settled();
    // The King already on g1: castling short moves only the Rook, h1 to f1.
    await page.fill('#load-input', '6k1/8/8/8/8/8/8/6KR w H - 0 1');
    await click('#load-form button');
    await page.waitForFunction(() => document.querySelectorAll('#board .piece').length === 3);
    await clickPiece('g1');
    await clickTarget('h1');
    await waitMoves(1);
    check(JSON.stringify(await moveTexts()) === '["O-O"]', `castling in SAN: ${await moveTexts()}`);
    check(await pieceAt('f1').getAttribute('data-piece') === 'R' && await pieceAt('g1').getAttribute('data-piece') === 'K', 'the Rook on f1, the King still on g1');
  });

  await step('figurines for games whose every piece has one, letters for the others', async () => {
    for (const [file, figurines] of [['three-check.vdl', true], ['king-of-the-hill.vdl', true], ['capablanca.vdl', true], ['grand.vdl', true], ['omicron.vdl', false]]) {
      const variant = variants.find((v) => v.file === file);
      await page.selectOption('#variant', String(variant.id));
      await page.waitForFunction((id) => app.game && app.game.variant === id && app.game.ply === 0, variant.id);
      await settled();
      const shown = [...new Set(await page.locator('#board .piece .glyph').allTextContents())];
      // A compound piece (Capablanca's Archbishop) is drawn as the two it moves as.
      const chessFigurine = (g) => /^[\u2654-\u265f]{1,2}$/u.test(g);
      check(figurines ? shown.every(chessFigurine) : !shown.some(chessFigurine), `${file}: ${shown.join(' ')}`);
    }
  });

  await step('check on a point board: a red halo round the General, wider than the piece', async () => {
    await page.selectOption('#variant', String(xiangqi.id));
    await page.waitForFunction((id) => app.game && app.game.variant === id, xiangqi.id);
    await settled();
    await page.fill('#load-input', '4k4/9/9/9/9/9/9/9/4r4/4K4 w');
    await click('#load-form button');
    await page.waitForFunction(() => app.game.in_check);
    await settled();
    check(await page.locator('#board .piece.in-check').getAttribute('data-cell') === 'e1', 'the Red General on e1 is marked');
    const [halo, body] = await page.evaluate(() => [
      document.querySelector('#board .highlight-check').getBoundingClientRect().width,
      document.querySelector('#board .piece.in-check .body').getBoundingClientRect().width,
    ]);
    check(halo > body * 1.3, `the halo (${halo.toFixed(0)} px) is wider than the piece (${body.toFixed(0)} px)`);
    const stroke = await page.evaluate(() => getComputedStyle(document.querySelector('#board .piece.in-check .body')).stroke);
    check(stroke === 'rgb(224, 48, 30)', `the piece's rim is red: ${stroke}`);
    await page.screenshot({ path: path.join(shots, 'xiangqi-check.png') });
  });

  // Every text on the page as the reader sees it: its font size in pixels
  // (SVG text scaled by the drawing's transform to the screen).
  const smallTexts = () => page.evaluate((min) => {
    const small = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement;
      if (!node.textContent.trim() || !owner || owner.closest('[hidden], title, option, script')) continue;
      const box = owner.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      let size = parseFloat(getComputedStyle(owner).fontSize);
      if (owner instanceof SVGElement) {
        const ctm = owner.getScreenCTM();
        size *= Math.hypot(ctm.a, ctm.b);
      }
      if (size < min - 0.05) small.push(`${JSON.stringify(node.textContent.trim().slice(0, 20))} ${size.toFixed(1)}px`);
    }
    return small;
  }, 10);
  // How much of its pane the board covers (the pane is the page's board area).
  const boardFill = () => page.evaluate(() => {
    const pane = document.getElementById('board-area').getBoundingClientRect();
    const board = document.getElementById('board').getBoundingClientRect();
    const w = Math.min(board.right, pane.right) - Math.max(board.left, pane.left);
    const h = Math.min(board.bottom, pane.bottom) - Math.max(board.top, pane.top);
    return { fill: (Math.max(0, w) * Math.max(0, h)) / (pane.width * pane.height), pane: [pane.width, pane.height], board: [board.width, board.height] };
  });

  for (const variant of variants) {
    await step(`${variant.name} (${variant.file}): the board fills its pane, its text is readable, its style is the file's`, async () => {
      await page.selectOption('#variant', String(variant.id));
      await page.selectOption('#computer', 'none');
      const desc = await api('variants/' + variant.id);
      await page.waitForFunction((id) => app.game && app.game.variant === id && app.game.ply === 0, variant.id);
      await settled();
      const stem = path.basename(variant.file).replace(/\.vdl$/, '');
      await page.screenshot({ path: path.join(shots, `${stem}.png`) });
      const fill = await boardFill();
      check(fill.fill >= 0.7, `the board covers ${(fill.fill * 100).toFixed(0)} % of its pane (board ${fill.board}, pane ${fill.pane})`);
      const small = await smallTexts();
      check(small.length === 0, `text smaller than 10 px: ${small.slice(0, 5).join(', ')}`);
      // The placeholder suggests a move of this position.
      const placeholder = await page.getAttribute('#move-input', 'placeholder');
      const legal = await page.evaluate(() => app.game.legal.map((m) => m.san));
      check(legal.some((m) => placeholder.endsWith(' ' + m)), `the move box suggests a legal move in SAN: ${placeholder}`);
      // Pieces show the glyphs the file declares when every type has them,
      // else every piece shows its symbol: a board never mixes the two.
      const shown = await page.locator('#board .piece .glyph').allTextContents();
      const allGlyphs = desc.pieces.every((p) => p.glyphs.length > 0);
      const glyphs = new Set(desc.pieces.flatMap((p) => (allGlyphs ? p.glyphs : [p.symbol])));
      check(shown.every((g) => glyphs.has(g)), `pieces show ${allGlyphs ? 'declared glyphs' : 'symbols'}: ${[...new Set(shown)].join(' ')}`);
      // Cell names lie over the pieces, at 11 px at least.
      const names = await page.evaluate(() => {
        const layers = [...document.querySelectorAll('#board > g')].map((g) => g.getAttribute('class'));
        const sizes = [...document.querySelectorAll('#board .cell-name')].map((t) => parseFloat(getComputedStyle(t).fontSize) * Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b));
        return { above: layers.indexOf('names') > layers.indexOf('pieces'), least: Math.min(...sizes) };
      });
      check(names.above, 'the cell names are drawn over the pieces');
      check(names.least >= 10.95, `cell names of ${names.least.toFixed(1)} px`);
      const points = desc.drawing.cells === 'points';
      check(await page.locator('#board .grid-line').count() > 0 === points, `lines exactly on boards drawn on points`);
      check(await page.locator('#board .tile').count() > 0 === (desc.drawing.pieces === 'tiles'), 'tiles exactly where the file asks');
      // Levels are named with the labels of their axis.
      const levels = await page.locator('#board .block-label').allTextContents();
      const byLevels = desc.axes.length > 2 && desc.drawing.cells !== 'hexagons';
      const expected = byLevels ? desc.axes.find((a, i) => i === 1).labels.map((l) => `${desc.axes[1].name} ${l}`) : [];
      check(JSON.stringify(levels) === JSON.stringify(expected), `level names ${levels} = ${expected}`);
    });
  }

  await step('Xiang Qi on points: a river between the halves and the two palaces with their diagonals', async () => {
    await page.selectOption('#variant', String(xiangqi.id));
    await page.waitForFunction((id) => app.game && app.game.variant === id, xiangqi.id);
    await settled();
    check(await page.locator('#board .river').count() === 1, 'one river');
    check(await page.locator('#board .palace-line').count() === 4, 'two diagonals in each palace');
    // The river lies between ranks 5 and 6: between the points e5 and e6.
    const [river, y5, y6] = await page.evaluate(() => {
      const mid = (cell) => { const b = document.querySelector(`#board .cell[data-cell="${cell}"]`).getBoundingClientRect(); return b.top + b.height / 2; };
      const r = document.querySelector('#board .river').getBoundingClientRect();
      return [[r.top, r.bottom], mid('e5'), mid('e6')];
    });
    check(Math.abs(river[0] - Math.min(y5, y6)) < 2 && Math.abs(river[1] - Math.max(y5, y6)) < 2, `river ${river} between e6 ${y6} and e5 ${y5}`);
  });

  await step('Switchback Xiang Qi: the fold is drawn as three levels, so g1-a3 is a move across the levels', async () => {
    const switchback = variants.find((v) => v.file === 'switchback-xiangqi.vdl');
    await page.selectOption('#variant', String(switchback.id));
    await page.waitForFunction((id) => app.game && app.game.variant === id, switchback.id);
    await settled();
    check(JSON.stringify(await page.locator('#board .block-label').allTextContents()) === '["level top","level middle","level bottom"]', 'the levels');
    // Two folds: c|d joins the right edges of the top and middle levels, f|g
    // the left edges of the middle and bottom ones.
    const folds = await page.locator('#board text.fold-label').evaluateAll((ts) => ts.map((t) => t.textContent));
    check(JSON.stringify(folds) === '["fold 1","fold 1","fold 2","fold 2"]', `fold marks ${folds}`);
    const edges = await page.locator('#board rect.fold').evaluateAll((rs) => rs.map((r) => r.getBoundingClientRect().x));
    const cellX = async (cell) => (await page.locator(`#board .cell[data-cell="${cell}"]`).boundingBox()).x;
    check(edges[0] > await cellX('c1') && edges[1] > await cellX('d1') && edges[2] < await cellX('f1') && edges[3] < await cellX('g1'),
      `fold marks beside c, d, f and g: ${edges}`);
    check(await page.evaluate(() => app.game.legal.some((m) => m.move === 'g1-a3')), 'g1-a3 is legal at the start');
    // g1, f2 (the Elephant's eye) and a3 are the same column of three successive levels.
    const place = (name) => page.evaluate((name) => {
      const shape = app.geometry.shapes[app.desc.cells.findIndex((c) => c.name === name)];
      return [shape.block, shape.k];
    }, name);
    const places = [await place('a3'), await place('f2'), await place('g1')];
    check(JSON.stringify(places) === '[[0,0],[1,0],[2,0]]', `a3, f2 and g1 in the first column of the top, middle and bottom levels: ${JSON.stringify(places)}`);
    await clickPiece('g1');
    await clickTarget('a3');
    await waitMoves(1);
    await page.screenshot({ path: path.join(shots, 'switchback-xiangqi-elephant-g1-a3.png') });
  });

  await step('a hexagonal board: each cell is a hexagon, and neighbours touch', async () => {
    const hexagon = variants.find((v) => v.file.endsWith('/hexagon.vdl'));
    await page.selectOption('#variant', String(hexagon.id));
    await page.waitForFunction((id) => app.game && app.game.variant === id, hexagon.id);
    await settled();
    const corners = await page.locator('#board polygon.cell').evaluateAll((ps) => ps.map((p) => p.getAttribute('points').split(' ').length));
    check(corners.length === 19 && corners.every((n) => n === 6), `19 hexagons: ${corners}`);
    // c2 is right above c1 (the file runs up the screen), b1 up and to the left.
    const centre = (name) => page.locator(`#board .cell[data-cell="${name}"]`).boundingBox().then((b) => [b.x + b.width / 2, b.y + b.height / 2]);
    const [c1, c2, b1] = [await centre('c1'), await centre('c2'), await centre('b1')];
    check(Math.abs(c1[0] - c2[0]) < 1 && c2[1] < c1[1], `c2 ${c2} above c1 ${c1}`);
    check(b1[0] < c1[0] && b1[1] < c1[1], `b1 ${b1} up and left of c1 ${c1}`);
    await page.screenshot({ path: path.join(shots, 'hexagon.png') });
  });

  await step('a box with walls: the walls are not cells', async () => {
    const walled = variants.find((v) => v.file.endsWith('/walled.vdl'));
    await page.selectOption('#variant', String(walled.id));
    await page.waitForFunction((id) => app.game && app.game.variant === id, walled.id);
    await settled();
    const names = await page.locator('#board .cell').evaluateAll((cs) => cs.map((c) => c.dataset.cell));
    check(names.length === 22 && !['a5', 'c3', 'e1'].some((n) => names.includes(n)), `22 cells, no wall among them: ${names}`);
  });

  await step('Duck chess: a piece moves, then a click places the Duck, which then must move on', async () => {
    const duck = variants.find((v) => v.file === 'duck.vdl');
    check(duck, 'Duck chess is listed');
    await page.selectOption('#variant', String(duck.id));
    await page.selectOption('#computer', 'none');
    await page.waitForFunction((id) => app.game && app.game.variant === id && app.game.ply === 0, duck.id);
    await clickPiece('e2');
    await clickTarget('e4');
    // The Pawn's move is chosen: the targets are the 32 empty cells after
    // it, e2 among them, where the Duck may go.
    const targets = await targetCells();
    check(targets.length === 32 && targets.includes('e2') && !targets.includes('e4'), `the Duck's targets: ${targets}`);
    check(await page.locator('#moves .move').count() === 0, 'nothing played yet');
    await clickTarget('d5');
    await waitMoves(1);
    check((await moveTexts())[0] === 'e4,d5', `listed as ${(await moveTexts())[0]}`);
    check(await pieceAt('d5').getAttribute('data-piece') !== null, 'the Duck stands on d5');
    check((await page.inputValue('#fen')).startsWith('rnbqkbnr/pppppppp/8/3*4/4P3/8/PPPP1PPP/RNBQKBNR b'), 'the position string writes it `*`');
    // Black's Pawn moves; d5 is no target (the Duck must move), a click off
    // the targets takes the Pawn's move back.
    await clickPiece('a7');
    await clickTarget('a6');
    const blackTargets = await targetCells();
    check(blackTargets.length === 31 && !blackTargets.includes('d5') && blackTargets.includes('a7'), `Black's Duck targets: ${blackTargets}`);
    await clickPiece('b8');
    check(await page.locator('#board .target').count() === 0, 'the Pawn\'s move is taken back');
    check((await moveTexts()).length === 1, 'still one move');
  });

  for (const variant of variants) {
    await step(`${variant.name} (${variant.file}): the board renders and a move can be played by clicks`, async () => {
      await page.selectOption('#variant', String(variant.id));
      await page.selectOption('#computer', 'none');
      const desc = await api('variants/' + variant.id);
      await page.waitForFunction((n) => document.querySelectorAll('#board .cell').length === n, desc.cells.length);
      await page.waitForFunction((id) => app.game && app.game.variant === id && app.game.ply === 0, variant.id);
      await settled();
      const state = await page.evaluate(() => app.game);
      const pieces = state.board.filter(Boolean).length;
      check(await page.locator('#board .piece').count() === pieces, `${pieces} pieces drawn`);
      check(await page.locator('#board .hand').count() === (desc.hand_pieces ? 2 : 0), 'hand strips exactly in games with hands');
      // A move of a piece on the board, or where the game starts by placing
      // its pieces (Sittuyin), a drop.
      const move = state.legal.find((m) => m.from !== null && m.to !== null) || state.legal.find((m) => m.to !== null);
      check(move, 'a legal move with cells');
      await page.screenshot({ path: path.join(shots, `variant-${variant.id}-start.png`) });
      const to = desc.cells[move.to].name;
      if (move.from !== null) await clickPiece(desc.cells[move.from].name);
      else await handPiece(state.side_index, move.move.split('*')[0]).click();
      await clickTarget(to);
      const choice = page.locator(`#choice-buttons button[data-move="${move.move}"]`);
      if (await page.locator('#choice').isVisible()) await choice.click();
      // A game with a blocker: then a click places it.
      if (move.blocker !== null && move.blocker !== undefined) await clickTarget(desc.cells[move.blocker].name);
      await waitMoves(1);
      check((await moveTexts())[0] === move.san, `played ${move.move}, listed as ${move.san}`);
      await page.screenshot({ path: path.join(shots, `variant-${variant.id}-moved.png`) });
    });
  }

  await step('no request left the machine and the page raised no error', async () => {
    check(external.length === 0, `external requests: ${external}`);
    check(pageErrors.length === 0, `page errors: ${pageErrors}`);
  });
} catch (e) {
  if (page) await page.screenshot({ path: path.join(shots, 'failure.png') }).catch(() => {});
  if (!failed) { failed++; console.log(`FAILED - ${e.stack || e}`); }
} finally {
  if (context) await context.close().catch(() => {});
  server.child.kill();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
