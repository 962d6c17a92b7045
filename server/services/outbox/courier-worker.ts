/**
 * The courier process's entry (ADR 0066): started by courier-process.ts with an IPC channel, it builds
 * the transport from the settings it is sent, then renders and sends each job it is asked to, answering
 * with the transport's result or the error's classifying fields. It holds no database connection.
 */
import { type CourierRequest, type CourierReply } from "./courier-protocol";
import { type Courier, courierErrorOf, createInlineCourier } from "./courier";
import { createTransportFromEnv } from "./transport";
import { isTransportOutage } from "./transport-errors";

let courier: Courier | undefined;

function reply(message: CourierReply) {
  process.send?.(message);
}

async function handle(request: CourierRequest): Promise<void> {
  if (request.type === "init") {
    courier = createInlineCourier(createTransportFromEnv(request.transport), request.compose, isTransportOutage);
    reply({ type: "ready" });
    return;
  }
  const seq = request.seq;
  try {
    if (!courier) throw new Error("courier not initialised");
    if (request.type === "verify") {
      await courier.verify();
      reply({ type: "answer", seq, ok: true, rejected: 0 });
    } else {
      const result = await courier.deliver(request.job);
      reply({ type: "answer", seq, ok: true, rejected: result.rejected });
    }
  } catch (error) {
    reply({ type: "answer", seq, ok: false, error: courierErrorOf(error) });
  }
}

process.on("message", (request: CourierRequest) => {
  void handle(request);
});
// The server closed the channel (it stops or restarts): finish nothing new and leave.
process.on("disconnect", () => {
  void courier?.close().finally(() => process.exit(0));
  if (!courier) process.exit(0);
});
