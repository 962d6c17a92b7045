/** The export's row counter: record ends outside quotes, whatever the chunk boundaries. */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvRecordCounter } from "./api-client";

const bytes = (text: string) => new TextEncoder().encode(text);

/** Reference: one byte at a time. */
function countSlowly(text: string): number {
  let inQuotes = false;
  let records = 0;
  for (const c of bytes(text)) {
    if (c === 34) inQuotes = !inQuotes;
    else if (c === 10 && !inQuotes) records++;
  }
  return records;
}

describe("csvRecordCounter", () => {
  it("counts CRLF and LF record ends, not line breaks or commas inside quoted cells", () => {
    const count = csvRecordCounter();
    expect(count(bytes('\uFEFFName,Note\r\n"a\r\nb","say ""hi"""\r\nZoë,\n'))).toBe(3);
  });

  it("carries quote state across chunks cut anywhere", () => {
    const csv = 'h1,h2\r\n"x\ny",1\r\n"""",2\r\nplain,"a,b"\r\n';
    for (let cut = 0; cut <= bytes(csv).length; cut++) {
      const count = csvRecordCounter();
      const all = bytes(csv);
      count(all.subarray(0, cut));
      expect(count(all.subarray(cut))).toBe(4);
    }
  });

  it("agrees with a byte-by-byte count on any text and any chunking", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r", "é") }), fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const all = bytes(text);
        const points = [...new Set(cuts.map((c) => c % (all.length + 1)))].toSorted((a, b) => a - b);
        const count = csvRecordCounter();
        let from = 0;
        let result = 0;
        for (const point of [...points, all.length]) {
          result = count(all.subarray(from, point));
          from = point;
        }
        expect(result).toBe(countSlowly(text));
      }),
    );
  });
});
