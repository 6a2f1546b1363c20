/** Time source, injected so tests can move time without sleeping. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests set and advance by hand. */
export class ManualClock implements Clock {
  constructor(private t = Date.UTC(2026, 10, 21, 12, 0, 0)) {}
  now(): number {
    return this.t;
  }
  set(t: number): void {
    this.t = t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
