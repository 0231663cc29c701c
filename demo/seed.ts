/** Deterministic randomness, seeded by a stable string such as an artist id, so a rerun draws the same pictures. */

import { fnv1a as hash } from "#model/media.ts";

export { hash };

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** A 31-bit seed for ffmpeg sources or SVG filters. */
  seed(): number;
}

/** mulberry32 PRNG seeded from the hash of `key`. */
export function rng(key: string): Rng {
  let state = hash(key);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (n) => Math.floor(next() * n),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
    seed: () => Math.floor(next() * 0x7fffffff),
  };
}

/**
 * Deals `items` out to `ids` as evenly as possible, each from the item its hash points to on to the
 * next least-used; ids added at the end leave the earlier ones' items unchanged.
 */
export function deal<T>(ids: readonly string[], items: readonly T[], salt: string): T[] {
  const uses = items.map(() => 0);
  return ids.map((id) => {
    const start = hash(`${salt}:${id}`) % items.length;
    const fewest = Math.min(...uses);
    let index = start;
    while (uses[index] > fewest) index = (index + 1) % items.length;
    uses[index] += 1;
    return items[index];
  });
}
