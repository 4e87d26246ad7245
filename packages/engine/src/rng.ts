/**
 * Deterministic dice. The generator's whole state is four unsigned 32-bit integers kept inside the
 * game state, so a match is reproducible from its seed and actions alone. sfc32: small, fast, and
 * passes PractRand to far beyond the number of rolls any game makes.
 */
export type RngState = [number, number, number, number];

/** Hashes a seed string to the generator's initial state (cyrb128: four independent 32-bit lanes). */
export function rngFromSeed(seed: string): RngState {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const state: RngState = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  // Discard the first outputs: sfc32 mixes poorly for its first few steps.
  for (let i = 0; i < 12; i++) nextUint32(state);
  return state;
}

/** Advances the state in place and returns the next 32-bit output. */
export function nextUint32(s: RngState): number {
  const t = (((s[0] + s[1]) >>> 0) + s[3]) >>> 0;
  s[3] = (s[3] + 1) >>> 0;
  s[0] = s[1] ^ (s[1] >>> 9);
  s[1] = (s[2] + (s[2] << 3)) >>> 0;
  s[2] = (s[2] << 21) | (s[2] >>> 11);
  s[2] = (s[2] + t) >>> 0;
  return t;
}

/** A uniform integer in [1, sides], without modulo bias. */
export function rollInPlace(s: RngState, sides: number): number {
  const limit = Math.floor(0x100000000 / sides) * sides;
  for (;;) {
    const x = nextUint32(s);
    if (x < limit) return (x % sides) + 1;
  }
}
