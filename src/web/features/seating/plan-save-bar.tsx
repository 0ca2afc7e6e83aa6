import { Trans, useLingui } from '@lingui/react/macro';
import { Redo2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SeatPlanSchema, type SeatPlan } from '../../../contracts/seating';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { checksResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSavePlan } from './api';
import { planDesignerPath } from './paths';

interface NameValues {
  name: string;
}

// The drawing's own problems (`sections.3.rows`), as "path: message" lines.
function planProblems(plan: SeatPlan): [string, string][] {
  const found: Record<string, string> = {};
  for (const issue of SeatPlanSchema.safeParse(plan).error?.issues ?? [])
    found[issue.path.join('.')] = issue.message;
  return Object.entries(found);
}

/**
 * The plan designer's name, undo/redo and save. The name lives in the designer's undo history
 * with the drawing (undo brings back an earlier name too), so the form takes it from there; the
 * drawing's problems are listed, since they belong to the canvas, not to a field.
 */
export function PlanSaveBar({
  planId,
  eventId,
  name,
  plan,
  onName,
  history,
}: {
  planId?: string;
  eventId: string | null;
  name: string;
  plan: SeatPlan;
  onName: (name: string) => void;
  history: { undo: () => void; redo: () => void; canUndo: boolean; canRedo: boolean };
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const save = useSavePlan(planId);
  const [problems, setProblems] = useState<[string, string][]>([]);
  const nameProblem = (value: string) =>
    value.trim() ? undefined : t`Please enter a name for this plan`;
  const form = useForm<NameValues>({
    values: { name },
    // Undo and redo change the name: its message stays until the next save, as the list does.
    resetOptions: { keepErrors: true },
    reValidateMode: 'onSubmit',
    resolver: checksResolver<NameValues>((values) => ({ name: nameProblem(values.name) })),
  });

  async function submit(values: NameValues) {
    const parsed = SeatPlanSchema.safeParse(plan);
    if (!parsed.success) return setProblems(planProblems(plan));
    setProblems([]);
    try {
      const saved = await save.mutateAsync({ name: values.name, plan: parsed.data });
      toast.success(t`Plan saved as version ${saved.version}`);
      if (!planId)
        void navigate(planDesignerPath(saved.id, eventId ?? undefined), { replace: true });
    } catch (error) {
      const fields = fieldErrors(error);
      setServerErrors(form, fields, ['name']);
      setProblems(Object.entries(fields));
    }
  }

  return (
    <>
      <Form
        form={form}
        onSubmit={submit}
        onInvalid={() => setProblems([['name', nameProblem(name) ?? ''], ...planProblems(plan)])}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="min-w-64 flex-1">
          <FormField<NameValues> name="name" label={t`Plan name`}>
            {(control) => (
              <Input
                {...control}
                onChange={(e) => {
                  control.onChange(e);
                  onName(e.target.value);
                }}
              />
            )}
          </FormField>
        </div>
        <Button variant="outline" onClick={history.undo} disabled={!history.canUndo}>
          <Undo2 aria-hidden="true" className="size-4" />
          <Trans>Undo</Trans>
        </Button>
        <Button variant="outline" onClick={history.redo} disabled={!history.canRedo}>
          <Redo2 aria-hidden="true" className="size-4" />
          <Trans>Redo</Trans>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save plan</Trans>
        </Button>
      </Form>
      {problems.length ? (
        <Alert variant="destructive" role="alert" title={t`The plan could not be saved`}>
          <ul>
            {problems.map(([field, message]) => (
              <li key={field}>
                {field}: {message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {save.isError && !problems.length ? (
        <Alert variant="destructive" role="alert">
          {errorMessage(save.error, t`The plan could not be saved. Please try again.`)}
        </Alert>
      ) : null}
    </>
  );
}
