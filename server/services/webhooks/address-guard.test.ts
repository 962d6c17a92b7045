import { describe, expect, it } from "vitest";
import { addressRefusal } from "./address-guard";

describe("the SSRF guard's address rule", () => {
  it("refuses every IPv6 form that embeds a loopback, private, link-local or metadata IPv4 address", () => {
    const refused = [
      // IPv4-compatible (deprecated ::/96), dotted and in hex.
      "::127.0.0.1",
      "::7f00:1",
      "::a00:1",
      "::a9fe:a9fe",
      "0:0:0:0:0:0:c0a8:101",
      // IPv4-mapped and IPv4-translated.
      "::ffff:7f00:1",
      "::ffff:0:7f00:1",
      "::ffff:0:a9fe:a9fe",
      // NAT64, well-known and local-use prefixes.
      "64:ff9b::127.0.0.1",
      "64:ff9b::a00:1",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b:1::c0a8:101",
      // 6to4 and Teredo (the server's address, and the client's stored inverted: 0x80fffffe is 127.0.0.1).
      "2002:7f00:1::1",
      "2002:a9fe:a9fe::",
      "2001:0:7f00:1::1",
      "2001:0:4136:e378:8000:63bf:80ff:fffe",
      // ISATAP interface ids.
      "2607:f8b0:4005:80a::5efe:a00:1",
      "fe80::200:5efe:7f00:1",
    ];
    for (const address of refused) expect(addressRefusal(address), address).not.toBeNull();
    expect(addressRefusal("::7f00:1")).toMatch(/127\.0\.0\.1, a loopback address/);
  });

  it("lets a NAT64 address of a public IPv4 address through, and every public address as before", () => {
    for (const address of ["64:ff9b::8.8.8.8", "64:ff9b::5db8:d70e", "93.184.215.14", "::ffff:93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"]) {
      expect(addressRefusal(address), address).toBeNull();
    }
  });

  it("keeps 6to4 and Teredo refused even when they carry a public address", () => {
    for (const address of ["2002:808:808::1", "2001:0:4136:e378:8000:63bf:f7f7:f7f7"]) expect(addressRefusal(address), address).not.toBeNull();
  });
});
