import { describe, expect, it } from "vitest";
import { EMBEDDED_NODE_FLAGS, runsEmbedded, SERVER_GLIBC_TUNABLES, serverNodeFlags, serverProcessEnv } from "./server-process.mjs";

describe("the server process's settings (ADR 0115)", () => {
  it("adds the malloc tunable to an environment without any, and keeps the rest of it", () => {
    const env = serverProcessEnv({ PATH: "/bin", DATA_DIR: "/srv/ovella" });
    expect(env).toEqual({ PATH: "/bin", DATA_DIR: "/srv/ovella", GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=4194304" });
    expect(Object.keys(SERVER_GLIBC_TUNABLES)).toEqual(["glibc.malloc.mmap_threshold"]);
  });

  it("keeps the operator's tunables, and a value the operator gave over its own", () => {
    expect(serverProcessEnv({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" }).GLIBC_TUNABLES).toBe("glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=4194304");
    expect(serverProcessEnv({ GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=65536" }).GLIBC_TUNABLES).toBe("glibc.malloc.mmap_threshold=65536");
  });

  it("caps the young generation and slows the old one's growth on the embedded engine only, read as the server reads DATABASE_URL", () => {
    expect(EMBEDDED_NODE_FLAGS).toEqual(["--max-semi-space-size=16", "--heap-growing-percent=25"]);
    expect(serverNodeFlags({})).toEqual(["--max-semi-space-size=16", "--heap-growing-percent=25"]);
    expect(serverNodeFlags({ DATABASE_URL: "  " })).toEqual(["--max-semi-space-size=16", "--heap-growing-percent=25"]);
    expect(serverNodeFlags({ DATABASE_URL: "postgres://ovella@db:5432/ovella" })).toEqual([]);
    expect(runsEmbedded({ DATABASE_URL: "" })).toBe(true);
    expect(runsEmbedded({ DATABASE_URL: "postgresql://db/ovella" })).toBe(false);
  });
});
