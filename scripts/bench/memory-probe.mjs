/**
 * Loaded by `npm run bench:memory` into the measured server only (`node --import ./scripts/bench/memory-probe.mjs
 * build/main.js`): never part of the build, never reachable over HTTP. It reports the process's JS heap
 * (`process.memoryUsage()`) and the size of every WebAssembly memory made in it (PGlite's heap: the embedded
 * database's share) to the benchmark over the IPC channel the benchmark opened, every 100 ms. A process
 * started without that channel (none other is) sends nothing.
 */
const memories = [];
const Original = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(Original, {
  construct(target, args, newTarget) {
    const memory = Reflect.construct(target, args, newTarget === WebAssembly.Memory ? target : newTarget);
    memories.push(new WeakRef(memory));
    return memory;
  },
});

if (typeof process.send === "function") {
  const report = () => {
    if (!process.connected) return;
    const usage = process.memoryUsage();
    let wasmBytes = 0;
    for (const ref of memories) wasmBytes += ref.deref()?.buffer.byteLength ?? 0;
    process.send({ type: "memory", heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, external: usage.external, arrayBuffers: usage.arrayBuffers, wasmBytes });
  };
  setInterval(report, 100).unref();
  // The channel must not keep the server alive once it stops, nor its closing end it.
  process.channel?.unref();
  process.on("error", () => undefined);
}
