import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  HELP_CATEGORIES,
  HelpArticleInputSchema,
  type HelpArticleInput,
} from '../../../contracts/content';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { apiPost, errorMessage, fieldErrors } from '../../lib/api-client';
import { contentKeys } from './api';
import { useHelpCategoryName } from './help-categories';

interface ArticleValues {
  title: string;
  category: string;
  summary: string;
  body: string;
  isFaq: boolean;
}
const FIELDS = ['title', 'category', 'summary', 'body'] as const;
const EMPTY: ArticleValues = {
  title: '',
  category: HELP_CATEGORIES[0]?.slug ?? '',
  summary: '',
  body: '',
  isFaq: false,
};
// The body as before: the texts as typed (the server trims), the box as a boolean.
const toInput = (values: ArticleValues) => values as HelpArticleInput;
const resolver = contractResolver<ArticleValues>(HelpArticleInputSchema, toInput, FIELDS);

/** /admin/help's form for a new help article (English; translations are added in its editor). */
export function NewHelpArticleForm() {
  const { t } = useLingui();
  const say = useContractText();
  const client = useQueryClient();
  const categoryName = useHelpCategoryName();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<ArticleValues>({ defaultValues: EMPTY, resolver });
  const create = useMutation({
    mutationFn: (values: ArticleValues) =>
      apiPost<{ title: string }>('/api/help/articles', toInput(values)),
    onSuccess: () => void client.invalidateQueries({ queryKey: contentKeys.help }),
  });
  const problem = form.formState.errors.root?.message;

  async function submit(values: ArticleValues) {
    try {
      const article = await create.mutateAsync(values);
      form.reset(EMPTY);
      setSaved(article.title);
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), FIELDS))
        form.setError('root', { message: errorMessage(error, t`The article could not be saved.`) });
    }
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      className="flex max-w-2xl flex-col gap-3 rounded-lg border border-border p-5"
    >
      <h2 className="text-lg font-semibold">
        <Trans>New article</Trans>
      </h2>
      {problem ? <Alert variant="destructive">{problem}</Alert> : null}
      {saved ? (
        <Alert variant="success">
          <Trans>Saved “{saved}”.</Trans>
        </Alert>
      ) : null}
      <FormField<ArticleValues> name="title" label={t`Title`} formatError={say}>
        {(control) => <Input {...control} />}
      </FormField>
      <FormField<ArticleValues> name="category" label={t`Category`} formatError={say}>
        {(control) => (
          <Select {...control}>
            {HELP_CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {categoryName(c.slug)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField<ArticleValues> name="summary" label={t`Summary`} formatError={say}>
        {(control) => <Input {...control} />}
      </FormField>
      <FormField<ArticleValues>
        name="body"
        label={t`Body`}
        hint={t`Plain text; a blank line starts a new paragraph.`}
        formatError={say}
      >
        {(control) => (
          <textarea
            {...control}
            rows={8}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm"
          />
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('isFaq')} /> <Trans>Show on the FAQ page</Trans>
      </label>
      <Button type="submit" className="self-start" disabled={create.isPending}>
        <Trans>Save article</Trans>
      </Button>
    </Form>
  );
}
