/**
 * The filters of a server-side list: the search box first, then choice and date filters, then the
 * first/last-name filters and Clear Filters of docs/requirements.md §2 (in that keyboard order).
 */
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { useAuth } from "../session/auth";
import type { FilterDef, ServerList } from "./use-server-list";

export interface ListFiltersProps {
  idPrefix: string;
  /** The list whose filters (its declaration's) these are. */
  list: Pick<ServerList<{ id: string }, unknown>, "filters" | "filterValues" | "setFilterValue" | "clearFilters" | "hasActiveFilters">;
}

/** "Mine": sets a username filter to the signed-in staff member, or clears it again. */
function MineButton({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { user } = useAuth();
  if (!user) return null;
  const on = value.toLowerCase() === user.username.toLowerCase();
  return (
    <Button type="button" variant="outline" size="sm" aria-pressed={on} onClick={() => onChange(on ? "" : user.username)}>
      Mine
    </Button>
  );
}

function FilterField({ idPrefix, filter, value, onChange }: { idPrefix: string; filter: FilterDef; value: string; onChange: (value: string) => void }) {
  const id = `${idPrefix}-filter-${filter.id}`;
  if (filter.mine) {
    return (
      <div className="min-w-0 space-y-1.5 sm:w-56">
        <Label htmlFor={id}>{filter.label}</Label>
        <div className="flex gap-2">
          <Input id={id} type="search" autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
          <MineButton value={value} onChange={onChange} />
        </div>
      </div>
    );
  }
  return (
    <div className="min-w-0 space-y-1.5 sm:w-48">
      <Label htmlFor={id}>{filter.label}</Label>
      {filter.kind === "select" ? (
        <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">All</option>
          {filter.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      ) : (
        <Input
          id={id}
          type={filter.kind === "text" ? "search" : "date"}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

export function ListFilters({ idPrefix, list }: ListFiltersProps) {
  const { filters, filterValues: values, setFilterValue: onChange, clearFilters: onClear, hasActiveFilters: hasActive } = list;
  const search = filters.find((f) => f.id === "q");
  // Filters declared `trailing` (the spec's name filters) stand last, beside Clear Filters.
  const middle = filters.filter((f) => f.id !== "q" && !f.trailing);
  const last = filters.filter((f) => f.trailing);
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="sr-only">Filters</legend>
      {search ? (
        <div className="max-w-xl space-y-1.5">
          <Label htmlFor={`${idPrefix}-filter-q`}>{search.label}</Label>
          <Input
            id={`${idPrefix}-filter-q`}
            type="search"
            autoComplete="off"
            placeholder="Name, email or phone"
            value={values.q ?? ""}
            onChange={(event) => onChange("q", event.target.value)}
          />
        </div>
      ) : null}
      {middle.length ? (
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
          {middle.map((filter) => (
            <FilterField key={filter.id} idPrefix={idPrefix} filter={filter} value={values[filter.id] ?? ""} onChange={(v) => onChange(filter.id, v)} />
          ))}
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
        {last.map((filter) => (
          <FilterField key={filter.id} idPrefix={idPrefix} filter={filter} value={values[filter.id] ?? ""} onChange={(v) => onChange(filter.id, v)} />
        ))}
        <Button variant="outline" onClick={onClear} disabled={!hasActive} className="col-span-2 sm:col-span-1">
          Clear Filters
        </Button>
      </div>
    </fieldset>
  );
}
