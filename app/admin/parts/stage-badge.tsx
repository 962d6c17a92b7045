/** A stage as staff read it (its label, never the raw value), and the eligibility badge with its reasons. */
import { isStage, STAGE_LABELS } from "#core/pipeline/stages";
import { Badge } from "~/components/ui/badge";

const CLOSED = new Set(["not_eligible", "declined", "offer_expired", "withdrawn"]);

export function StageBadge({ stage }: { stage: string }) {
  const label = isStage(stage) ? STAGE_LABELS[stage] : stage;
  const variant = stage === "enrolled" || stage === "offered" ? "default" : CLOSED.has(stage) ? "outline" : "secondary";
  return <Badge variant={variant}>{label}</Badge>;
}

export function EligibilityBadge({ eligibility }: { eligibility: { eligible: boolean; reasons: string[] } }) {
  if (eligibility.eligible) return <Badge variant="secondary">Meets the pilot's criteria</Badge>;
  return (
    <span className="inline-flex flex-col gap-1">
      <Badge variant="destructive" className="self-start">
        Does not meet the pilot's criteria
      </Badge>
      <ul className="list-disc pl-5 text-sm text-ink-muted">
        {eligibility.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </span>
  );
}
