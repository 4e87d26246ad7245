import type { LiveMatch } from './liveMatch.ts';

/**
 * An idle match's state kept as its JSON text. A state built by the rules costs 2 to 3 bytes of heap
 * per byte of its JSON (small objects and arrays, and for some games copies made while applying);
 * the text costs one. Reading `m.state` parses it back (0.06 to 0.3 ms), so only matches nobody has
 * touched for a while are packed. A state is plain JSON by the engine's contract, and every load
 * from a snapshot is the same round trip, so the rules cannot tell a parsed state from the other.
 */
/**
 * Every loaded match: `state` is an accessor here, on the prototype, with the value in private
 * fields, so each match object keeps no closures (an accessor defined per object cost 4 to 8 KiB a
 * match). The other fields are declared and set one by one in the constructor, so that every match
 * shares one fast V8 layout: copied onto the object with Object.assign, 27 fields put it in
 * dictionary mode, where each read is a hash lookup and a spread of it (a step copies the match
 * before moving it) took about 20 times longer. A spread (`{ ...m }`) does not copy `state`:
 * spread a match only for its other fields.
 */
export class PackableMatch implements LiveMatch {
  #value: object | null;
  #text: string | null = null;
  id: string;
  gameId: string;
  game: LiveMatch['game'];
  scenario: string;
  options: LiveMatch['options'];
  status: LiveMatch['status'];
  visibility: LiveMatch['visibility'];
  inviteCode: string | null;
  timeControl: LiveMatch['timeControl'];
  seed: string;
  seedHash: string;
  seq: number;
  turn: string;
  phase: string;
  toAct: string[];
  outcome: LiveMatch['outcome'];
  clock: LiveMatch['clock'];
  clockSince: Date | null;
  deadline: Date | null;
  createdBy: LiveMatch['createdBy'];
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
  rematchOf: string | null;
  imported: boolean;
  rated: boolean;
  ratingRange: LiveMatch['ratingRange'];
  tournamentId: string | null;
  computer?: boolean;
  hints?: boolean;
  seats: LiveMatch['seats'];
  recentActionIds: LiveMatch['recentActionIds'];

  constructor(f: Omit<LiveMatch, 'state'>, state: object) {
    this.#value = state;
    this.id = f.id;
    this.gameId = f.gameId;
    this.game = f.game;
    this.scenario = f.scenario;
    this.options = f.options;
    this.status = f.status;
    this.visibility = f.visibility;
    this.inviteCode = f.inviteCode;
    this.timeControl = f.timeControl;
    this.seed = f.seed;
    this.seedHash = f.seedHash;
    this.seq = f.seq;
    this.turn = f.turn;
    this.phase = f.phase;
    this.toAct = f.toAct;
    this.outcome = f.outcome;
    this.clock = f.clock;
    this.clockSince = f.clockSince;
    this.deadline = f.deadline;
    this.createdBy = f.createdBy;
    this.createdAt = f.createdAt;
    this.updatedAt = f.updatedAt;
    this.finishedAt = f.finishedAt;
    this.rematchOf = f.rematchOf;
    this.imported = f.imported;
    this.rated = f.rated;
    this.ratingRange = f.ratingRange;
    this.tournamentId = f.tournamentId;
    this.computer = f.computer;
    this.hints = f.hints;
    this.seats = f.seats;
    this.recentActionIds = f.recentActionIds;
  }

  get state(): object {
    if (this.#value === null) {
      this.#value = JSON.parse(this.#text!) as object;
      this.#text = null;
    }
    return this.#value;
  }

  set state(state: object) {
    this.#value = state;
    this.#text = null;
  }

  /** Packs the state into its JSON text. False when it is packed already. */
  pack(): boolean {
    if (this.#value === null) return false;
    this.#text = JSON.stringify(this.#value);
    this.#value = null;
    return true;
  }

  /** The packed text's size in heap bytes (one per character, two if any is beyond Latin-1), or null. */
  packedBytes(): number | null {
    if (this.#text === null) return null;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the Latin-1 range is the point
    return /[^\u0000-\u00ff]/.test(this.#text) ? this.#text.length * 2 : this.#text.length;
  }
}

/** A loaded match: its fields on a PackableMatch holding its state. */
export function packableMatch(fields: Omit<LiveMatch, 'state'>, state: object): LiveMatch {
  return new PackableMatch(fields, state);
}

/** Packs the match's state into its JSON text. False when it is packed already (or not packable). */
export function pack(m: LiveMatch): boolean {
  return m instanceof PackableMatch ? m.pack() : false;
}

/** A packed state's size in heap bytes, or null when it is not packed. */
export function packedBytes(m: LiveMatch): number | null {
  return m instanceof PackableMatch ? m.packedBytes() : null;
}

/**
 * A shallow copy of a loaded match, its state included: a spread alone would leave the state out,
 * since it lives behind PackableMatch's accessor, not in an own field.
 */
export function copyOfMatch(m: LiveMatch): LiveMatch {
  return { ...m, state: m.state };
}
