import type { LiveMatch } from './liveMatch.ts';

/**
 * An idle match's state kept as its JSON text. A state built by the rules costs 2 to 3 bytes of heap
 * per byte of its JSON (small objects and arrays, and for some games copies made while applying);
 * the text costs one. Reading `m.state` parses it back (0.06 to 0.3 ms), so only matches nobody has
 * touched for a while are packed. A state is plain JSON by the engine's contract, and every load
 * from a snapshot is the same round trip, so the rules cannot tell a parsed state from the other.
 */
/**
 * The prototype of every loaded match: `state` is an accessor here, on the prototype, with the value
 * in private fields, so each match object keeps V8's fast layout and no closures (an accessor defined
 * per object cost 4 to 8 KiB a match). A spread (`{ ...m }`) does not copy `state`: spread a match
 * only for its other fields.
 */
export class PackableMatch {
  #value: object | null;
  #text: string | null = null;

  constructor(state: object) {
    this.#value = state;
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
  return Object.assign(new PackableMatch(state), fields);
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
