interface Reading<V> {
  running: Promise<V>;
  next: Promise<V> | null;
}

/**
 * One read per key at a time, shared by its callers: whoever asks while a key's read runs waits for
 * the next one, started when the running one ends, which every caller of the meantime shares. So
 * concurrent callers of one key cost at most two reads, and each caller's answer was still read
 * after it asked (one that joined the running read could miss what it came to see). Unlike
 * Coalescer, keys never wait for one another and each key fails alone.
 */
export class SharedRead<K, V> {
  private readonly readings = new Map<K, Reading<V>>();

  /** `read` reads `key`; the caller that starts a read gives the one that runs. */
  load(key: K, read: () => Promise<V>): Promise<V> {
    const reading = this.readings.get(key);
    if (!reading) return this.start(key, read);
    const settled = () => undefined;
    reading.next ??= reading.running.then(settled, settled).then(() => this.start(key, read));
    return reading.next;
  }

  private start(key: K, read: () => Promise<V>): Promise<V> {
    const running = Promise.resolve().then(read);
    const reading: Reading<V> = { running, next: null };
    this.readings.set(key, reading);
    // Registered before any `next` chains on it, so a read with callers waiting hands its key over.
    const done = () => {
      if (this.readings.get(key) === reading && !reading.next) this.readings.delete(key);
    };
    running.then(done, done);
    return running;
  }
}
