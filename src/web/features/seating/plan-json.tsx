import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { SeatPlanSchema, type SeatPlan } from '../../../contracts/seating';
import { Button } from '../../components/ui/button';
import { useContractText } from '../../i18n/contract-text';

/** Export the plan as a JSON file, or import one (checked against the same schema as the server). */
export function PlanJson({
  name,
  plan,
  onImport,
}: {
  name: string;
  plan: SeatPlan;
  onImport: (plan: SeatPlan) => void;
}) {
  const { t } = useLingui();
  const say = useContractText();
  const [problem, setProblem] = useState<string | null>(null);
  const download = () => {
    const blob = new Blob([JSON.stringify(plan, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${name.trim() || 'seating-plan'}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };
  const read = async (file: File) => {
    setProblem(null);
    let data: unknown;
    try {
      data = JSON.parse(await file.text());
    } catch {
      setProblem(t`This file is not JSON.`);
      return;
    }
    const parsed = SeatPlanSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(`${issue?.path.join('.') ?? ''}: ${say(issue?.message ?? '')}`);
      return;
    }
    onImport(parsed.data);
  };
  return (
    <section
      aria-labelledby="plan-json-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="plan-json-title" className="font-bold">
        <Trans>Import and export</Trans>
      </h2>
      <Button variant="outline" onClick={download}>
        <Trans>Export as JSON</Trans>
      </Button>
      <label className="flex flex-col gap-1 text-sm font-medium">
        <Trans>Import a JSON plan</Trans>
        <input
          type="file"
          accept="application/json,.json"
          className="text-sm"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void read(file);
          }}
        />
      </label>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
