import { Trans, useLingui } from '@lingui/react/macro';
import { FormProvider, useForm } from 'react-hook-form';
import {
  EmailListInputSchema,
  SubscriberInputSchema,
  type EmailList,
} from '../../../contracts/marketing';
import { SideForm } from '../../components/side-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useAddSubscriber, useCreateList } from './api';

interface ListValues {
  name: string;
  kind: 'manual' | 'all_attendees';
  visibility: EmailList['visibility'];
  optIn: EmailList['optIn'];
}
const LIST_FIELDS = ['name', 'kind', 'visibility', 'optIn'] as const;
// The body as before: the four values as chosen, the name as typed (the server trims).
const listInput = ({ name, visibility, optIn, kind }: ListValues) => ({
  name,
  visibility,
  optIn,
  kind,
});
const listResolver = contractResolver<ListValues>(EmailListInputSchema, listInput, LIST_FIELDS);

/** "New list" beside the lists: in the shared side frame, its fields on the form's values. */
export function CreateListForm() {
  const { t } = useLingui();
  const say = useContractText();
  const create = useCreateList();
  const form = useForm<ListValues>({
    defaultValues: { name: '', kind: 'manual', visibility: 'private', optIn: 'double' },
    resolver: listResolver,
  });
  const failure = form.formState.errors.root?.message ?? null;
  async function submit(values: ListValues) {
    try {
      await create.mutateAsync(listInput(values));
      // Only the name empties, as before: the next list likely has the same settings.
      form.reset({ ...values, name: '' });
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), LIST_FIELDS))
        form.setError('root', { message: errorMessage(error, t`Could not create the list`) });
    }
  }
  return (
    <FormProvider {...form}>
      <SideForm
        title={t`New list`}
        error={failure}
        submitLabel={t`Create list`}
        pending={create.isPending}
        onSubmit={() => void form.handleSubmit(submit)()}
      >
        <FormField<ListValues> name="name" label={t`List name`} formatError={say}>
          {(control) => <Input {...control} maxLength={120} />}
        </FormField>
        <FormField<ListValues> name="kind" label={t`People`} formatError={say}>
          {(control) => (
            <Select {...control}>
              <option value="manual">{t`Added by hand, import or sign-up form`}</option>
              <option value="all_attendees">{t`All my past attendees (who accept organizer mail)`}</option>
            </Select>
          )}
        </FormField>
        <FormField<ListValues> name="visibility" label={t`Sign-up form`} formatError={say}>
          {(control) => (
            <Select {...control}>
              <option value="private">{t`Private: no public form`}</option>
              <option value="public">{t`Public: anyone can sign up`}</option>
            </Select>
          )}
        </FormField>
        <FormField<ListValues> name="optIn" label={t`Opt-in`} formatError={say}>
          {(control) => (
            <Select {...control}>
              <option value="double">{t`Double: sign-ups confirm by email`}</option>
              <option value="single">{t`Single`}</option>
            </Select>
          )}
        </FormField>
      </SideForm>
    </FormProvider>
  );
}

interface SubscriberValues {
  email: string;
  name: string;
}
const SUBSCRIBER_FIELDS = ['email', 'name'] as const;
const subscriberResolver = contractResolver<SubscriberValues>(
  SubscriberInputSchema,
  (values) => values,
  SUBSCRIBER_FIELDS,
);

/** A list's "Add subscriber" form: the address and name as typed, emptied once added. */
export function AddSubscriberForm({ listId }: { listId: string }) {
  const { t } = useLingui();
  const say = useContractText();
  const add = useAddSubscriber(listId);
  const form = useForm<SubscriberValues>({
    defaultValues: { email: '', name: '' },
    resolver: subscriberResolver,
  });
  const failure = form.formState.errors.root?.message;
  async function submit(values: SubscriberValues) {
    try {
      await add.mutateAsync(values);
      form.reset();
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), SUBSCRIBER_FIELDS))
        form.setError('root', { message: errorMessage(error, t`Could not add`) });
    }
  }
  return (
    <>
      <Form form={form} onSubmit={submit} className="flex flex-wrap items-start gap-3">
        <FormField<SubscriberValues> name="email" label={t`Email`} formatError={say}>
          {(control) => <Input {...control} type="email" />}
        </FormField>
        <FormField<SubscriberValues> name="name" label={t`Name`} formatError={say}>
          {(control) => <Input {...control} />}
        </FormField>
        {/* Lowered by the label's line and gap: a message under a box grows only its field. */}
        <Button type="submit" disabled={add.isPending} className="mt-5">
          <Trans>Add subscriber</Trans>
        </Button>
      </Form>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
    </>
  );
}
