/**
 * Turns take their turn: the work of a generation (images, the buyer's memory, the engine,
 * storing the turn) starts at most once per event-loop iteration, in the order the turns arrived.
 *
 * Without it, every turn whose request arrived in one iteration ran its engine in that same
 * iteration, and Node accepts one new connection per iteration: under a burst of turns each
 * iteration grew to dozens of engine answers, a new connection waited behind all of them
 * (turns on new connections took seconds while the median was under 100 ms), and so did a
 * health check or a cheap read. With the queue an iteration holds one turn's work besides
 * reading the requests that arrived, so connections are accepted, cheap requests answered
 * and turns served first come, first served.
 */
export interface TurnQueue {
  /** Settles when it is this turn's turn (at the earliest in the next iteration's check phase). */
  next(): Promise<void>;
  /** Turns waiting now. */
  readonly waiting: number;
}

export function createTurnQueue(): TurnQueue {
  // A FIFO of resolvers: `head` advances, the array is compacted when half of it is spent.
  let queue: Array<() => void> = [];
  let head = 0;
  let scheduled = false;

  /** Lets one turn go, and comes back next iteration while turns wait. */
  const release = () => {
    scheduled = false;
    const go = queue[head];
    if (go === undefined) {
      return;
    }
    queue[head++] = undefined as unknown as () => void;
    if (head * 2 >= queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    go();
    if (head < queue.length) {
      scheduled = true;
      // The turn runs in the microtasks after this callback; an immediate queued now runs in the next iteration.
      setImmediate(release);
    }
  };

  return {
    next() {
      return new Promise<void>((resolve) => {
        queue.push(resolve);
        if (!scheduled) {
          scheduled = true;
          setImmediate(release);
        }
      });
    },
    get waiting() {
      return queue.length - head;
    },
  };
}
