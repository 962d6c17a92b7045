/**
 * A list's table columns from its declaration (core/lists/declarations.ts): the declaration gives the
 * ids, order, headers and sorts, the tab gives only each column's width and cell, keyed by the
 * declared ids (a column left out or misspelt is a type error).
 */
import type { ReactNode } from "react";
import type { ColumnIdOf, ListDecl } from "#core/lists/declarations";
import type { ServerColumn } from "./server-table";

export interface ColumnLook<T> {
  width: number;
  cell: (row: T) => ReactNode;
  className?: string;
  /** Hidden until staff show it with the column chooser (./column-choice.tsx). */
  hiddenByDefault?: boolean;
}

export type ColumnLooks<L extends ListDecl, T> = { readonly [K in ColumnIdOf<L>]: ColumnLook<T> };

export function declaredColumns<L extends ListDecl, T>(list: L, looks: ColumnLooks<L, T>): ServerColumn<T>[] {
  return list.columns.map((column) => {
    const field = column.field ? list.fields[column.field] : undefined;
    const header = column.header ?? field?.csv ?? field?.label ?? column.id;
    return { id: column.id, header, ...(column.sort ? { sortable: true } : {}), ...looks[column.id as ColumnIdOf<L>] };
  });
}
