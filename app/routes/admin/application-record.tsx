import { brand } from "#core/brand";
import { recordPage } from "~/admin/shell/lazy-pages";
import type { Route } from "./+types/application-record";

export function meta() {
  return [{ title: `Application | Admin | ${brand.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function ApplicationRecordPage({ params }: Route.ComponentProps) {
  // Loaded only once staff are signed in (the sign-in screen does not download it).
  return <recordPage.Page key={params.id} kind="application" id={params.id} />;
}
