import { brand } from "#core/brand";
import { RecordPage } from "~/admin/record-page";
import type { Route } from "./+types/contact-record";

export function meta() {
  return [{ title: `Contact message | Admin | ${brand.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function ContactRecordPage({ params }: Route.ComponentProps) {
  return <RecordPage key={params.id} kind="contact" id={params.id} />;
}
