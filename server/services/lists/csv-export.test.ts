import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import * as fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { type CsvColumn, csvStream, csvText } from "./csv-export";

interface Row {
  name: string;
  note: string | null;
  n: number;
}
const COLUMNS: readonly CsvColumn<Row>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "Note", value: (r) => r.note },
  { header: "N", value: (r) => r.n },
];

async function collect(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    }),
  );
  return Buffer.concat(chunks).toString("utf8");
}

async function* batches(): AsyncGenerator<Row[]> {
  yield [{ name: "=SUM(A1)", note: "a, b", n: 1 }];
  yield [];
  yield [
    { name: " padded", note: 'say "hi"', n: -2 },
    { name: "Zoë", note: null, n: 3 },
  ];
}

async function* none(): AsyncGenerator<Row[]> {}

async function* tricky(): AsyncGenerator<Row[]> {
  yield [
    { name: "line one\r\nline two", note: "tab at the end\t", n: 0 },
    { name: "plain", note: "", n: 10 },
    { name: "@handle", note: ' "quoted", with comma', n: 5 },
    { name: "+1 555 0100", note: "a\nb", n: 7 },
  ];
}

async function* separated(): AsyncGenerator<Row[]> {
  yield [
    { name: "x;=1+1;", note: "a,=HYPERLINK(\"http://evil.example\")", n: 1 },
    { name: "tab\t=cmd|' /C calc'!A0", note: "plain", n: 2 },
  ];
}

// The writer the exports used before their own (ADR 0109), with the exports' quoting: the oracle of the bytes.
const papaText = (records: string[][]) =>
  Papa.unparse(records, {
    newline: "\r\n",
    header: false,
    quotes: (value: unknown) => typeof value === "string" && /^'[=+\-@\t\r]|^\s|\s$|[,;\t]/.test(value),
  }) + "\r\n";
/** The exports' formula guard as it was written before cellOf joined it to the quoting. */
const neutralised = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe("CSV text", () => {
  // Cells drawn from the characters that decide quoting, beside plain letters and accents.
  const cell = fc.string({
    unit: fc.constantFrom("a", "Z", "é", "1", " ", '"', ",", ";", "\t", "\r", "\n", "\uFEFF", "'", "=", "+", "-", "@", "\u00A0"),
    maxLength: 8,
  });

  it("is Papa Parse's output byte for byte, over generated records", () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (records) => {
        expect(csvText(records)).toBe(papaText(records));
      }),
      { numRuns: 2000 },
    );
  });

  it("in a stream, each value is neutralised and quoted as Papa Parse wrote the neutralised records, over generated rows", async () => {
    const columns: CsvColumn<string[]>[] = [0, 1, 2].map((i) => ({ header: `C${i}`, value: (row) => row[i] }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(cell, cell, cell), { minLength: 1, maxLength: 5 }), async (rows) => {
        async function* one() {
          yield rows;
        }
        const expected = `\uFEFF${papaText([["C0", "C1", "C2"]])}${papaText(rows.map((row) => row.map(neutralised)))}`;
        expect(await collect(csvStream(one(), columns, "UTC").stream)).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it("quotes and doubles as a spreadsheet reads them back", () => {
    expect(csvText([["plain", 'say "hi"', "a,b", "'=1+1", " lead", "trail\t", ""]])).toBe(
      'plain,"say ""hi""","a,b","\'=1+1"," lead","trail\t",\r\n',
    );
  });
});

describe("CSV stream", () => {
  it("writes the BOM, the header, every batch in order, CRLF, quoting and neutralised formulas", async () => {
    const { stream, rowCount } = csvStream(batches(), COLUMNS, "UTC");
    const text = await collect(stream);
    expect(text).toBe('\uFEFFName,Note,N\r\n"\'=SUM(A1)","a, b",1\r\n" padded","say ""hi""","\'-2"\r\nZoë,,3\r\n');
    await expect(rowCount).resolves.toBe(3);
  });

  it("quotes cells with line breaks, quotes, a trailing tab or a leading space, and nothing else", async () => {
    const { stream, rowCount } = csvStream(tricky(), COLUMNS, "UTC");
    expect(await collect(stream)).toBe(
      "\uFEFFName,Note,N\r\n" +
        '"line one\r\nline two","tab at the end\t",0\r\n' +
        "plain,,10\r\n" +
        '"\'@handle"," ""quoted"", with comma",5\r\n' +
        '"\'+1 555 0100","a\nb",7\r\n',
    );
    await expect(rowCount).resolves.toBe(4);
  });

  it("quotes every cell holding a separator, so a semicolon or tab locale never splits a formula out of it", async () => {
    const { stream } = csvStream(separated(), COLUMNS, "UTC");
    expect(await collect(stream)).toBe(
      "\uFEFFName,Note,N\r\n" +
        '"x;=1+1;","a,=HYPERLINK(""http://evil.example"")",1\r\n' +
        '"tab\t=cmd|\' /C calc\'!A0",plain,2\r\n',
    );
  });

  it("writes the header alone when there are no rows", async () => {
    const { stream, rowCount } = csvStream(none(), COLUMNS, "UTC");
    expect(await collect(stream)).toBe("\uFEFFName,Note,N\r\n");
    await expect(rowCount).resolves.toBe(0);
  });

  it("stops reading the batches (closing their cursor) when the download is cancelled", async () => {
    let closed = false;
    let batchesRead = 0;
    async function* endless(): AsyncGenerator<Row[]> {
      try {
        for (;;) {
          batchesRead++;
          yield Array.from({ length: 500 }, (_, i) => ({ name: `row ${i}`, note: "x".repeat(100), n: i }));
        }
      } finally {
        closed = true;
      }
    }
    const { stream, rowCount } = csvStream(endless(), COLUMNS, "UTC");
    // A consumer that takes a few chunks, then goes away.
    let taken = 0;
    await new Promise<void>((resolve) => {
      stream.on("data", () => {
        if (++taken === 3) {
          stream.destroy();
          resolve();
        }
      });
    });
    await expect(rowCount).rejects.toThrow("closed before its last row");
    expect(closed).toBe(true);
    expect(batchesRead).toBeLessThan(20);
  });
});
