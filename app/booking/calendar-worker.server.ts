// One reading of one calendar text, in a worker thread (calendar.server.ts starts it): however
// costly the text, the server's main thread goes on answering requests meanwhile.
import { parentPort, workerData } from "node:worker_threads";
import type { Interval } from "#app/booking/availability.ts";
import { busyTimes } from "#app/booking/busy-times.ts";

const { text, range } = workerData as { text: string; range: Interval };
try {
  parentPort?.postMessage(busyTimes(text, range));
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
