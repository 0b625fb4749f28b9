// A FIFO lock: PGlite is one connection, so every query or transaction holds it in turn.

export type Release = () => void;

export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves once every earlier holder has released; call the returned function to release. */
  lock(): Promise<Release> {
    let release!: Release;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return acquired;
  }
}
