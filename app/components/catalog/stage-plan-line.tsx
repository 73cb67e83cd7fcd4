import { m } from "#app/paraglide/messages.js";
import type { StagePlanItem } from "#worker/orders/domain/order-stages";

/**
 * A service's or form's milestones in one line ("Milestones: Sketch 30% · Line art 30% · Colour 40%"), so a client
 * knows before requesting how the work and the money go stage by stage (decision 073). Nothing for a plan without any.
 */
export function StagePlanLine({ stages, className = "" }: { stages: StagePlanItem[]; className?: string }) {
  if (stages.length === 0) return null;
  const list = stages.map((s) => `${s.title} ${s.sharePercent}%`).join(" · ");
  return (
    <p data-testid="stage-plan-line" className={`text-sm text-zinc-700 dark:text-zinc-300 ${className}`.trim()}>
      {m.authoring_stages_line({ stages: list })}
    </p>
  );
}
