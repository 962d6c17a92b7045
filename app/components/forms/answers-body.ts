/**
 * A public form's answers as the request body sends them, from the field catalogue (core/fields.ts): text
 * trimmed, whole numbers as numbers, tick boxes as booleans, an empty optional answer left out.
 */
import type { Catalogue } from "#core/fields";

export function answersBody(catalogue: Catalogue, names: readonly string[], values: Readonly<Record<string, string | boolean>>) {
  const body: Record<string, unknown> = {};
  for (const name of names) {
    const def = catalogue[name]!;
    const value = values[name];
    if (typeof value === "boolean") body[name] = value;
    else if (value === undefined) continue;
    else if (def.type === "integer") body[name] = Number(value);
    else if (value.trim() || !def.nullable) body[name] = value.trim();
  }
  return body;
}

/** Every shown field empty: text as "", tick boxes unticked. */
export function emptyAnswers(catalogue: Catalogue, names: readonly string[]): Record<string, string | boolean> {
  return Object.fromEntries(
    names.map((name) => {
      const def = catalogue[name]!;
      return [name, def.type === "boolean" || def.rule?.kind === "flag" ? false : ""];
    }),
  );
}
