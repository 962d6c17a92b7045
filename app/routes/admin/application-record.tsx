import { brand } from "#core/brand";
import { RecordPage } from "~/admin/record-page";
import type { Route } from "./+types/application-record";

export function meta() {
  return [{ title: `Application | Admin | ${brand.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function ApplicationRecordPage({ params }: Route.ComponentProps) {
  return <RecordPage key={params.id} kind="application" id={params.id} />;
}
