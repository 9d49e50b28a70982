/**
 * One read for many callers: keys asked for while the previous read runs wait and go together in
 * the next one (no fixed delay, so a lone caller is served at once). Each read still starts after
 * its callers asked, so it sees what they would have seen alone.
 *
 * N callers' statements cost N times the statement's fixed price (parse, plan, a round trip), where
 * one statement over N keys costs it once: on the embedded engine, whose one connection runs
 * statements one after the other, and on PostgreSQL under a burst of bets, whose cores the batches need.
 */
export class Coalescer<K, V> {
  private waiting = new Map<K, { resolve: (v: V) => void; reject: (e: unknown) => void }[]>();
  private running = false;

  /** `read` answers every key it was given (a key it leaves out gets `missing`). */
  constructor(
    private readonly read: (keys: K[]) => Promise<Map<K, V>>,
    private readonly missing: V,
  ) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.running) void this.drain();
    });
  }

  private async drain() {
    this.running = true;
    try {
      while (this.waiting.size) {
        const batch = this.waiting;
        this.waiting = new Map();
        try {
          const found = await this.read([...batch.keys()]);
          for (const [k, list] of batch) for (const w of list) w.resolve(found.has(k) ? found.get(k)! : this.missing);
        } catch (e) {
          for (const list of batch.values()) for (const w of list) w.reject(e);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
