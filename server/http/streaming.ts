/** Streamed responses: a JSON array and a CSV file written batch by batch with backpressure. */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Response } from "express";

/**
 * Writes `[row,row,…]` from batches. The first batch is read before any byte is sent, so a database
 * that does not answer still gets the API's error response; a failure later cuts the connection.
 */
export async function streamJsonArray(res: Response, batches: AsyncIterable<object[]>): Promise<void> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* chunks() {
    let finished = false;
    try {
      let separator = "";
      yield "[";
      let step = first;
      while (!step.done) {
        let text = "";
        for (const row of step.value) {
          text += separator + JSON.stringify(row);
          separator = ",";
        }
        yield text;
        step = await iterator.next();
      }
      finished = true;
      yield "]";
    } finally {
      // A client that went away leaves the batches early, which closes their database cursor.
      if (!finished) await iterator.return?.();
    }
  }
  res.status(200).type("json");
  await pipeline(Readable.from(chunks()), res);
}

/** Reads the first batch (so database errors surface before the response starts), then replays it. */
export async function primed<T>(batches: AsyncGenerator<T[]>): Promise<AsyncGenerator<T[]>> {
  const first = await batches.next();
  async function* replay() {
    if (first.done) return;
    yield first.value;
    yield* batches;
  }
  return replay();
}
