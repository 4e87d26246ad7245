import { determinizer } from '@salient/bot';
import { type GameModule, type JsonObject, rngFromSeed } from '@salient/engine';

/**
 * An analysis: a tree of moves played from one position of a match, both sides in turn, with the
 * game's own rules in the browser. Nothing of it reaches the match. Shared, its moves are stored on
 * the server (which replays them first) and the link names the stored analysis; older links carry
 * the whole tree (see encodeTree) and still open.
 */
export interface AnalysisNode {
  /** Index of the parent node; -1 for the children of the starting position. */
  parent: number;
  seat: string;
  action: JsonObject;
  label: string;
  state: object;
}

export interface AnalysisTree {
  root: object;
  nodes: AnalysisNode[];
}

export type Played =
  | { ok: true; tree: AnalysisTree; index: number }
  | { ok: false; code: string; message: string };

/** The state at node `at` (-1: the starting position). */
export const stateAt = (tree: AnalysisTree, at: number): object =>
  at < 0 ? tree.root : tree.nodes[at]!.state;

/** Plays `action` as `seat` after node `at`: a known move is followed, a new one starts a branch. */
export function play(
  game: GameModule,
  tree: AnalysisTree,
  at: number,
  seat: string,
  action: JsonObject,
): Played {
  const known = tree.nodes.findIndex(
    (n, i) =>
      i >= 0 && n.parent === at && n.seat === seat && JSON.stringify(n.action) === JSON.stringify(action),
  );
  if (known >= 0) return { ok: true, tree, index: known };
  const result = game.apply(stateAt(tree, at), seat, action);
  if (!result.ok) return { ok: false, code: result.error.code, message: result.error.message };
  const said = result.events.find(
    (e) => typeof e.text === 'string' && !Array.isArray((e as { to?: unknown }).to),
  );
  const label = said?.text ?? String(action.type);
  const nodes = [...tree.nodes, { parent: at, seat, action, label, state: result.state }];
  return { ok: true, tree: { ...tree, nodes }, index: nodes.length - 1 };
}

/** The moves from the start to node `at`, first move first. */
export function lineTo(tree: AnalysisTree, at: number): number[] {
  const line: number[] = [];
  for (let i = at; i >= 0; i = tree.nodes[i]!.parent) line.unshift(i);
  return line;
}

export const childrenOf = (tree: AnalysisTree, at: number): number[] =>
  tree.nodes.flatMap((n, i) => (n.parent === at ? [i] : []));

/** The tree's moves as the server stores them: [parent, seat, action] per node, parents first. */
export const movesOf = (tree: AnalysisTree): [number, string, JsonObject][] =>
  tree.nodes.map((n) => [n.parent, n.seat, n.action]);

/** The tree's moves as text for a link: [parent, seat, action] per node, JSON in base64url. */
export function encodeTree(tree: AnalysisTree): string {
  const json = JSON.stringify(movesOf(tree));
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Rebuilds a tree from its link text by playing every move again with the rules. A link that does
 * not decode, or a move the rules refuse, ends the rebuilding there: what came before stays.
 */
export function decodeTree(
  game: GameModule,
  root: object,
  text: string,
): { tree: AnalysisTree; error: string | null } {
  let entries: unknown;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    entries = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    return { tree: { root, nodes: [] }, error: 'this analysis link is damaged' };
  }
  return rebuildTree(game, root, entries);
}

/**
 * Rebuilds a tree from its moves ([parent, seat, action] each, as stored on the server or carried
 * in a link), playing every move again with the rules; stops at the first that is malformed or
 * refused, keeping what came before.
 */
export function rebuildTree(
  game: GameModule,
  root: object,
  entries: unknown,
): { tree: AnalysisTree; error: string | null } {
  let tree: AnalysisTree = { root, nodes: [] };
  if (!Array.isArray(entries)) return { tree, error: 'this analysis is damaged' };
  for (const entry of entries) {
    if (!Array.isArray(entry) || entry.length !== 3) return { tree, error: 'this analysis is damaged' };
    const [parent, seat, action] = entry as [unknown, unknown, unknown];
    if (
      typeof parent !== 'number' ||
      !Number.isInteger(parent) ||
      parent < -1 ||
      parent >= tree.nodes.length ||
      typeof seat !== 'string' ||
      typeof action !== 'object' ||
      action === null ||
      Array.isArray(action)
    )
      return { tree, error: 'this analysis is damaged' };
    const played = game.apply(stateAt(tree, parent), seat, action as JsonObject);
    if (!played.ok)
      return { tree, error: `a move of this analysis no longer applies (${played.error.code})` };
    const said = played.events.find(
      (e) => typeof e.text === 'string' && !Array.isArray((e as { to?: unknown }).to),
    );
    tree = {
      ...tree,
      nodes: [
        ...tree.nodes,
        {
          parent,
          seat,
          action: action as JsonObject,
          label: said?.text ?? String((action as JsonObject).type),
          state: played.state,
        },
      ],
    };
  }
  return { tree, error: null };
}

/**
 * A full state built from a seat's view alone, for analysing one's own match under way: what the
 * seat cannot see (the other side's hand, the draw piles' order, the dice) drawn with `draw` by the
 * game's determinization, as the server does when it checks a stored analysis. The real hidden
 * state never reaches the browser.
 */
export function fromSeatView(game: GameModule, view: object, seat: string, draw: string): object {
  return determinizer(game, structuredClone(view), seat)(rngFromSeed(draw));
}
