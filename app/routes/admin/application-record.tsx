import { brand } from "#core/brand";
import { lazy, Suspense } from "react";
import { AdminLoading } from "~/admin/admin-app";
import type { Route } from "./+types/application-record";

// Loaded only once staff are signed in (the sign-in screen does not download it).
const RecordPage = lazy(() => import("~/admin/record-page").then((module) => ({ default: module.RecordPage })));

export function meta() {
  return [{ title: `Application | Admin | ${brand.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function ApplicationRecordPage({ params }: Route.ComponentProps) {
  return (
    <Suspense fallback={<AdminLoading />}>
      <RecordPage key={params.id} kind="application" id={params.id} />
    </Suspense>
  );
}
