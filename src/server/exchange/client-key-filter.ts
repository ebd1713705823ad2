import { hashPair } from '../lib/text-hash';

// Which client_order_id keys storage can NOT hold, without asking it: a Bloom filter over every
// (user, client_order_id) the exchange has stored or is about to store. The batch's idempotency
// lookup (client-id-lookup.ts) sends storage only the keys the filter may hold. Measured under
// bench/api-orders.ts, that query was one of the costliest steps of a batch on the event loop:
// its read transaction finds the page cache invalidated by the writer thread's last commit and
// reads the index's pages again.
//
// A Bloom filter answers "maybe" for every key it was given (no false negatives) and for a small
// share of others (false positives, which only cost the query that would have run anyway). It
// grows by layers (a scalable Bloom filter): each new layer holds twice the keys of the one
// before at the same bits per key, so the filter never has to be rebuilt as orders accumulate.
// Memory: 1.25 bytes per stored key (an order's row takes hundreds); orders without a
// client_order_id (the simulator's) add nothing.

/** About 0.8 % false positives per layer: 10 bits a key, 7 probes. */
const BITS_PER_KEY = 10;
const PROBES = 7;

interface Layer {
  bits: Uint32Array;
  /** Number of bits (a multiple of 32). */
  size: number;
  capacity: number;
  count: number;
}

export class ClientKeyFilter {
  private readonly layers: Layer[] = [];

  constructor(private readonly firstCapacity = 1 << 16) {
    this.layers.push(layer(firstCapacity));
  }

  add(key: string): void {
    let top = this.layers[this.layers.length - 1]!;
    if (top.count >= top.capacity) {
      top = layer(top.capacity * 2);
      this.layers.push(top);
    }
    const [h1, h2] = hashes(key);
    for (let i = 0; i < PROBES; i++) {
      const at = probe(top, h1, h2, i);
      top.bits[at >>> 5]! |= 1 << (at & 31);
    }
    top.count++;
  }

  /** False only for keys never added. */
  mightContain(key: string): boolean {
    const [h1, h2] = hashes(key);
    for (const l of this.layers) if (inLayer(l, h1, h2)) return true;
    return false;
  }

  /** Keys added, and bytes of bit arrays held (for logs and tests). */
  get stats(): { keys: number; bytes: number; layers: number } {
    let keys = 0;
    let bytes = 0;
    for (const l of this.layers) {
      keys += l.count;
      bytes += l.bits.byteLength;
    }
    return { keys, bytes, layers: this.layers.length };
  }

  /** Back to empty, as when the exchange reloads its memory from storage. */
  clear(): void {
    this.layers.length = 0;
    this.layers.push(layer(this.firstCapacity));
  }
}

function layer(capacity: number): Layer {
  const size = Math.ceil((capacity * BITS_PER_KEY) / 32) * 32;
  return { bits: new Uint32Array(size / 32), size, capacity, count: 0 };
}

/** The bit of a layer that a key's i-th probe sets or tests. */
function probe(l: Layer, h1: number, h2: number, i: number): number {
  return ((h1 + Math.imul(i, h2)) >>> 0) % l.size;
}

function inLayer(l: Layer, h1: number, h2: number): boolean {
  for (let i = 0; i < PROBES; i++) {
    const at = probe(l, h1, h2, i);
    if ((l.bits[at >>> 5]! & (1 << (at & 31))) === 0) return false;
  }
  return true;
}

/**
 * Two hashes of the key (text-hash.ts), each finished with murmur3's mixer, combined as
 * h1 + i·h2 (Kirsch–Mitzenmacher); h2 is odd so the probes of one key never collapse onto one bit.
 */
function hashes(key: string): [number, number] {
  const [a, b] = hashPair(key);
  return [fmix(a) >>> 0, (fmix(b) | 1) >>> 0];
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}
