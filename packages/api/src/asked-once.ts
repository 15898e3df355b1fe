/**
 * Which keys were asked once lately, so that a cache keeps an answer only from its second ask. One-off
 * requests (a crawler walking facet combinations, a price range typed once) would otherwise fill a cache
 * with answers nobody asks for again. Each of those lives just long enough to be copied into the old
 * generation (or to count as external memory) and is then collected there, the costliest garbage there
 * is: on the uncached filter pages those collections made the slowest answers.
 *
 * A fixed array of hashes, so remembering allocates nothing. A slot another key took since forgets the
 * earlier key (its next ask counts as a first one again), and the rare key whose hash matches one
 * remembered is kept one ask early; neither changes an answer.
 */
export class AskedOnce {
  private readonly slots: Uint32Array;

  constructor(slotCount = 1 << 15) {
    if (!Number.isInteger(Math.log2(slotCount))) throw new Error('slotCount must be a power of two');
    this.slots = new Uint32Array(slotCount);
  }

  /** Whether `key` was asked before (since its slot was last taken); takes the slot for it. */
  askedBefore(key: string): boolean {
    // FNV-1a over the UTF-16 code units; 0 marks an empty slot, so a zero hash becomes 1.
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    hash = hash >>> 0 || 1;
    const slot = hash & (this.slots.length - 1);
    if (this.slots[slot] === hash) return true;
    this.slots[slot] = hash;
    return false;
  }
}
